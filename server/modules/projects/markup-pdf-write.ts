import {
  type PDFArray,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFRef,
  PDFString,
  StandardFonts,
} from "pdf-lib";
import type { Markup } from "../../../shared/markups.ts";
import { wrapped } from "../../lib/pdf-text.ts";

/** How far an annotation's box reaches beyond its shape: the stroke, an arrow's head, a cloud's bumps. */
export const ANNOTATION_PAD = 8;
const LINE_WIDTH = 1.5;
const FONT_SIZE = 10;
const HEAD = 10;

type Box = [number, number, number, number];
const f = (n: number) => (Math.round(n * 1000) / 1000).toString();
const rgbOf = (color: string) => [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255);

/** A PDF date (`D:YYYYMMDDHHmmSSZ`) from an ISO 8601 time. */
export const pdfDate = (iso: string) => `D:${iso.replace(/[-:T]/g, "").slice(0, 14)}Z`;

const boxOf = (points: [number, number][]): Box => {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};
const padded = ([x1, y1, x2, y2]: Box, pad = ANNOTATION_PAD): Box => [x1 - pad, y1 - pad, x2 + pad, y2 + pad];

/** An open arrow's head at `to`, coming from `from`. */
const arrowHead = (from: { x: number; y: number }, to: { x: number; y: number }) => {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const wing = (turn: number) => [to.x - HEAD * Math.cos(angle + turn), to.y - HEAD * Math.sin(angle + turn)];
  const [ax, ay] = wing(Math.PI / 6) as [number, number];
  const [bx, by] = wing(-Math.PI / 6) as [number, number];
  return `${f(ax)} ${f(ay)} m ${f(to.x)} ${f(to.y)} l ${f(bx)} ${f(by)} l S`;
};

/** An ellipse in the box, as four Bézier curves. */
const ellipsePath = (x: number, y: number, w: number, h: number) => {
  const k = 0.5523;
  const [cx, cy, rx, ry] = [x + w / 2, y + h / 2, w / 2, h / 2];
  return [
    `${f(cx + rx)} ${f(cy)} m`,
    `${f(cx + rx)} ${f(cy + k * ry)} ${f(cx + k * rx)} ${f(cy + ry)} ${f(cx)} ${f(cy + ry)} c`,
    `${f(cx - k * rx)} ${f(cy + ry)} ${f(cx - rx)} ${f(cy + k * ry)} ${f(cx - rx)} ${f(cy)} c`,
    `${f(cx - rx)} ${f(cy - k * ry)} ${f(cx - k * rx)} ${f(cy - ry)} ${f(cx)} ${f(cy - ry)} c`,
    `${f(cx + k * rx)} ${f(cy - ry)} ${f(cx + rx)} ${f(cy - k * ry)} ${f(cx + rx)} ${f(cy)} c S`,
  ].join(" ");
};

/** A cloud around the box: bumps bulging outwards along each side, anticlockwise. */
const cloudPath = (x: number, y: number, w: number, h: number) => {
  const corners: [number, number][] = [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
  const parts = [`${f(x)} ${f(y)} m`];
  corners.forEach(([x1, y1], i) => {
    const [x2, y2] = corners[(i + 1) % 4]!;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const bumps = Math.max(1, Math.round(length / 14));
    // Outwards of an anticlockwise side is its right-hand normal.
    const [nx, ny] = length === 0 ? [0, 0] : [(y2 - y1) / length, -(x2 - x1) / length];
    const bulge = Math.min(6, length / bumps / 2);
    for (let b = 0; b < bumps; b++) {
      const at = (t: number) => [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t] as const;
      const [sx, sy] = at(b / bumps);
      const [ex, ey] = at((b + 1) / bumps);
      parts.push(
        `${f(sx + nx * bulge * 1.33)} ${f(sy + ny * bulge * 1.33)} ${f(ex + nx * bulge * 1.33)} ${f(ey + ny * bulge * 1.33)} ${f(ex)} ${f(ey)} c`,
      );
    }
  });
  return `${parts.join(" ")} S`;
};

/** Lines of text in the box, top down, clipped to it. */
const textLines = (font: PDFFont, text: string, x: number, y: number, w: number, h: number) => {
  const room = Math.max(1, Math.floor((h - 4) / (FONT_SIZE * 1.2)));
  const lines = wrapped(font, text, FONT_SIZE, Math.max(1, w - 6), room);
  if (lines.length === 0) return "";
  const shown = lines.map((line, i) => `${i === 0 ? "" : `0 ${f(-FONT_SIZE * 1.2)} Td `}${font.encodeText(line)} Tj`);
  return `q ${f(x)} ${f(y)} ${f(w)} ${f(h)} re W n BT /Helv ${FONT_SIZE} Tf ${f(x + 3)} ${f(y + h - 2 - FONT_SIZE)} Td ${shown.join(" ")} ET Q`;
};

/** Where a callout's leader leaves its box: the point of the box nearest the anchor. */
export const calloutKnee = (
  box: { x: number; y: number; width: number; height: number },
  anchor: { x: number; y: number },
) => ({
  x: Math.min(Math.max(anchor.x, box.x), box.x + box.width),
  y: Math.min(Math.max(anchor.y, box.y), box.y + box.height),
});

/** What a markup's annotation carries: its shape, look, words, author and times. */
export type WrittenMarkup = Pick<
  Markup,
  "id" | "page" | "kind" | "geometry" | "color" | "text" | "createdAt" | "updatedAt"
> & {
  author: { name: string };
};

interface Drawn {
  subtype: string;
  rect: Box;
  /** The annotation's own entries beside those every one has. */
  entries: Record<string, unknown>;
  ops: string;
}

/** A markup as an annotation's subtype, box, entries and appearance (in page space). */
function drawn(markup: WrittenMarkup, font: PDFFont): Drawn {
  const g = markup.geometry;
  const [r, gr, b] = rgbOf(markup.color);
  const da = PDFString.of(`/Helv ${FONT_SIZE} Tf ${f(r!)} ${f(gr!)} ${f(b!)} rg`);
  if ("strokes" in g) {
    const strokes = g.strokes.map((stroke) => stroke.map(([x, y]) => [x, y] as [number, number]));
    return {
      subtype: "Ink",
      rect: padded(boxOf(strokes.flat())),
      entries: { InkList: strokes.map((stroke) => stroke.flat()) },
      ops: strokes
        .map((stroke) => `${stroke.map(([x, y], i) => `${f(x)} ${f(y)} ${i === 0 ? "m" : "l"}`).join(" ")} S`)
        .join(" "),
    };
  }
  if ("from" in g) {
    const line = `${f(g.from.x)} ${f(g.from.y)} m ${f(g.to.x)} ${f(g.to.y)} l S`;
    const arrow = markup.kind === "arrow";
    return {
      subtype: "Line",
      rect: padded(
        boxOf([
          [g.from.x, g.from.y],
          [g.to.x, g.to.y],
        ]),
      ),
      entries: {
        L: [g.from.x, g.from.y, g.to.x, g.to.y],
        ...(arrow ? { LE: [PDFName.of("None"), PDFName.of("OpenArrow")] } : {}),
      },
      ops: arrow ? `${line} ${arrowHead(g.from, g.to)}` : line,
    };
  }
  const { x, y, width: w, height: h } = g;
  const box: Box = [x, y, x + w, y + h];
  const rd = [ANNOTATION_PAD, ANNOTATION_PAD, ANNOTATION_PAD, ANNOTATION_PAD];
  switch (markup.kind) {
    case "rectangle":
      return { subtype: "Square", rect: padded(box), entries: { RD: rd }, ops: `${f(x)} ${f(y)} ${f(w)} ${f(h)} re S` };
    case "ellipse":
      return { subtype: "Circle", rect: padded(box), entries: { RD: rd }, ops: ellipsePath(x, y, w, h) };
    case "cloud":
      return {
        subtype: "Polygon",
        rect: padded(box),
        entries: { Vertices: [x, y, x + w, y, x + w, y + h, x, y + h], BE: { S: PDFName.of("C"), I: 1 } },
        ops: cloudPath(x, y, w, h),
      };
    case "callout": {
      if (!("anchor" in g)) break;
      const knee = calloutKnee(g, g.anchor);
      const rect = padded(
        boxOf([
          [x, y],
          [x + w, y + h],
          [g.anchor.x, g.anchor.y],
        ]),
      );
      return {
        subtype: "FreeText",
        rect,
        entries: {
          DA: da,
          IT: PDFName.of("FreeTextCallout"),
          CL: [g.anchor.x, g.anchor.y, knee.x, knee.y],
          LE: PDFName.of("OpenArrow"),
          RD: [x - rect[0], y - rect[1], rect[2] - (x + w), rect[3] - (y + h)],
        },
        ops:
          `${f(x)} ${f(y)} ${f(w)} ${f(h)} re S ${f(knee.x)} ${f(knee.y)} m ${f(g.anchor.x)} ${f(g.anchor.y)} l S ` +
          `${arrowHead(knee, g.anchor)} ${textLines(font, markup.text, x, y, w, h)}`,
      };
    }
  }
  return {
    subtype: "FreeText",
    rect: padded(box),
    entries: { DA: da, IT: PDFName.of("FreeText"), RD: rd },
    ops: `${f(x)} ${f(y)} ${f(w)} ${f(h)} re S ${textLines(font, markup.text, x, y, w, h)}`,
  };
}

/** The annotation of one markup, with its appearance stream, registered in the document. */
function annotation(doc: PDFDocument, font: PDFFont, markup: WrittenMarkup): PDFRef {
  const ctx = doc.context;
  const { subtype, rect, entries, ops } = drawn(markup, font);
  const [r, g, b] = rgbOf(markup.color);
  const appearance = ctx.stream(
    `q ${f(r!)} ${f(g!)} ${f(b!)} RG ${f(r!)} ${f(g!)} ${f(b!)} rg ${LINE_WIDTH} w 1 J 1 j ${ops} Q`,
    {
      Type: "XObject",
      Subtype: "Form",
      BBox: rect,
      Resources: { Font: { Helv: font.ref } },
    },
  );
  const dict = ctx.obj({
    Type: "Annot",
    Subtype: subtype,
    Rect: rect,
    C: [r!, g!, b!],
    BS: { Type: PDFName.of("Border"), W: LINE_WIDTH, S: PDFName.of("S") },
    F: 4, // Print
    ...entries,
  });
  dict.set(PDFName.of("Contents"), PDFHexString.fromText(markup.text));
  dict.set(PDFName.of("T"), PDFHexString.fromText(markup.author.name));
  dict.set(PDFName.of("NM"), PDFString.of(`markup-${markup.id}`));
  dict.set(PDFName.of("M"), PDFString.of(pdfDate(markup.updatedAt)));
  dict.set(PDFName.of("CreationDate"), PDFString.of(pdfDate(markup.createdAt)));
  dict.set(PDFName.of("AP"), ctx.obj({ N: ctx.register(appearance) }));
  return ctx.register(dict);
}

/**
 * A copy of a sheet's PDF with its markups written in as standard annotations (decision 069):
 * rectangle → Square, ellipse → Circle, line and arrow → Line (an arrow's /LE OpenArrow at its
 * head), cloud → Polygon with a cloudy border effect, ink → Ink, text → FreeText, callout →
 * FreeText /IT FreeTextCallout with its leader /CL; each with /Contents, /T (its author), /C,
 * /M, /NM (`markup-{id}`) and an appearance stream. The bytes given are never changed. A markup on
 * a page the PDF does not have is left out (the page count was checked when it was made).
 */
export async function pdfWithMarkups(original: Uint8Array, markups: readonly WrittenMarkup[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original.slice(), { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  for (const markup of markups) {
    const page = pages[markup.page - 1];
    if (!page) continue;
    const existing = page.node.Annots();
    const annots = existing ?? doc.context.obj([]);
    (annots as PDFArray).push(annotation(doc, font, markup));
    if (!existing) page.node.set(PDFName.of("Annots"), annots);
  }
  return doc.save({ useObjectStreams: false });
}
