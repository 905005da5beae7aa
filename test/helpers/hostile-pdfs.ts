// PDFs written byte by byte, as pdf-lib would never write them (decision 069): cyclic page trees,
// claimed and real page counts past the limit, scripts, enormous annotation arrays, and a mix of
// annotations only some of which are markups. Each has a correct cross-reference table.

/** A PDF of `objects` (object n is `objects[n - 1]`), object 1 its catalog. */
export function rawPdf(objects: readonly string[]): Uint8Array {
  let body = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

const catalog = "<< /Type /Catalog /Pages 2 0 R >>";
const onePage = (annots: string) => [
  catalog,
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots ${annots} >>`,
];

export const hostile = {
  /** A sticky note, a polyline, a link, a form field, a pop-up, a square over the page's edge and one outside it. */
  mixedAnnotations: () =>
    rawPdf(
      onePage(
        `[<< /Type /Annot /Subtype /Text /Rect [50 50 70 70] /T (Sam) /Contents (Note) >>
<< /Type /Annot /Subtype /PolyLine /Rect [0 0 40 30] /Vertices [10 10 20 20 30 10] /T (Sam) >>
<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.com) >> >>
<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /FT /Tx >>
<< /Type /Annot /Subtype /Popup /Rect [0 0 10 10] >>
<< /Type /Annot /Subtype /Square /Rect [500 700 700 900] /T (Sam) /C [0 0 1] >>
<< /Type /Annot /Subtype /Square /Rect [1000 1000 1100 1100] /T (Sam) >>]`,
      ),
    ),
  /** A page tree whose node is its own kid and its own parent, its page's box left to be inherited. */
  cyclicPages: () =>
    rawPdf([
      catalog,
      "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 /Parent 2 0 R >>",
      "<< /Type /Page /Parent 2 0 R /Annots [<< /Subtype /Square /Rect [1 1 9 9] >>] >>",
    ]),
  /** `count` real pages. */
  manyPages: (count: number) =>
    rawPdf([
      catalog,
      `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(" ")}] >>`,
      ...Array.from({ length: count }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>"),
    ]),
  /** JavaScript on opening the document and on the annotation. */
  withJavaScript: () =>
    rawPdf([
      "<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [<< /Subtype /Square /Rect [10 10 50 50]
/A << /S /JavaScript /JS (app.alert\\(2\\)) >> /AA << /E << /S /JavaScript /JS (app.alert\\(3\\)) >> >> >>] >>`,
    ]),
  /** One page with `count` squares. */
  manyAnnotations: (count: number) =>
    rawPdf(onePage(`[${"<< /Subtype /Square /Rect [10 10 20 20] >>\n".repeat(count)}]`)),
};
