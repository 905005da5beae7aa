/**
 * A one-page company brochure as a PDF, written directly (PDF 1.4, built-in Helvetica), from the
 * content files, so the footer's brochure link always matches the site's own words.
 */
export interface BrochureLine {
  text: string;
  size: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
  color?: [number, number, number];
}

const escapePdfText = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/([\\()])/g, "\\$1");

/** Wraps text to lines of at most `width` characters (Helvetica is near enough to monospace here). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

export function brochurePdf(lines: BrochureLine[]): Buffer {
  const pageWidth = 595;
  const pageHeight = 842;
  const margin = 56;
  let y = pageHeight - margin;
  const ops: string[] = [
    // A navy band across the top with an orange rule: the brand's colours.
    "0.086 0.125 0.188 rg 0 772 595 70 re f",
    "0.949 0.420 0.114 rg 0 768 595 4 re f",
  ];
  for (const line of lines) {
    y -= line.size * 1.35 + (line.gap ?? 0);
    const [r, g, b] = line.color ?? [0.086, 0.125, 0.188];
    ops.push(
      `BT /${line.bold ? "F2" : "F1"} ${line.size} Tf ${r} ${g} ${b} rg ${margin} ${y.toFixed(1)} Td (${escapePdfText(line.text)}) Tj ET`,
    );
  }
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
