import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFString,
} from "pdf-lib";
import type { ReadMarkup, ReadMarkups } from "../../../shared/markup-pdf.ts";
import { geometrySchemas, type MarkupGeometry, type MarkupKind, markupLimits } from "../../../shared/markups.ts";

/** Annotations looked at in one file, markups or not: past it the rest are counted, never read. */
export const ANNOTATIONS_EXAMINED = 5_000;
/** A file read for its annotations is at most this large (a larger one is a 413). */
export const READ_MAX_BYTES = 50 * 1024 * 1024;

/** A PDF whose annotations cannot be read: its reason is for the person who sent it. */
export class UnreadablePdf extends Error {}

type Box = [number, number, number, number];
const name = (value: string) => PDFName.of(value);

const numbers = (object: PDFObject | undefined, dict: PDFDict, max: number): number[] | undefined => {
  const array = object instanceof PDFRef ? dict.context.lookup(object) : object;
  if (!(array instanceof PDFArray) || array.size() > max) return undefined;
  const out: number[] = [];
  for (let i = 0; i < array.size(); i++) {
    const item = array.lookup(i);
    if (!(item instanceof PDFNumber) || !Number.isFinite(item.asNumber())) return undefined;
    out.push(item.asNumber());
  }
  return out;
};
const boxOf = (values: number[] | undefined): Box | undefined =>
  values && values.length === 4
    ? [
        Math.min(values[0]!, values[2]!),
        Math.min(values[1]!, values[3]!),
        Math.max(values[0]!, values[2]!),
        Math.max(values[1]!, values[3]!),
      ]
    : undefined;
const textOf = (object: PDFObject | undefined) => {
  if (!(object instanceof PDFString || object instanceof PDFHexString)) return "";
  // Plain text only: no control characters but the line break and tab (DESIGN §14, §18).
  const plain = object
    .decodeText()
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  return plain.slice(0, markupLimits.textMax);
};
const hex = (parts: number[]) =>
  `#${parts
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
const colorOf = (values: number[] | undefined) => {
  if (values?.length === 3) return hex(values);
  if (values?.length === 1) return hex([values[0]!, values[0]!, values[0]!]);
  if (values?.length === 4) {
    const [c, m, y, k] = values as [number, number, number, number];
    return hex([(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]);
  }
  return "#ff0000";
};
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** Every page of the document in order, walking the page tree once (a node met again is a cycle, left). */
function pagesOf(doc: PDFDocument): PDFDict[] {
  const root = doc.catalog.lookup(name("Pages"));
  const pages: PDFDict[] = [];
  const seen = new Set<PDFDict>();
  const stack: PDFObject[] = [root as PDFObject];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const kids = node.lookup(name("Kids"));
    if (kids instanceof PDFArray) {
      if (seen.size + kids.size() > 4 * markupLimits.pageMax) {
        throw new UnreadablePdf(`This PDF has more than ${markupLimits.pageMax} pages.`);
      }
      for (let i = kids.size() - 1; i >= 0; i--) stack.push(doc.context.lookup(kids.get(i)) as PDFObject);
    } else {
      pages.push(node);
      if (pages.length > markupLimits.pageMax)
        throw new UnreadablePdf(`This PDF has more than ${markupLimits.pageMax} pages.`);
    }
  }
  return pages;
}

/** A page's MediaBox, inherited from its parents (at most 32 up) when it has none. */
function mediaBox(page: PDFDict): Box {
  let node: PDFDict | undefined = page;
  for (let depth = 0; node && depth < 32; depth++) {
    const box = boxOf(numbers(node.get(name("MediaBox")), node, 4));
    if (box) return box;
    const parent: PDFObject | undefined = node.lookup(name("Parent"));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return [0, 0, 612, 792];
}

type Shape = { kind: MarkupKind; geometry: MarkupGeometry };
const rectGeometry = ([x1, y1, x2, y2]: Box) => ({ x: x1, y: y1, width: x2 - x1, height: y2 - y1 });

/** The box inside an annotation's Rect by its /RD (rectangle differences), when it has one. */
function innerBox(annot: PDFDict): Box | undefined {
  const rect = boxOf(numbers(annot.get(name("Rect")), annot, 4));
  if (!rect) return undefined;
  const rd = numbers(annot.get(name("RD")), annot, 4);
  if (rd?.length !== 4 || rd.some((d) => d < 0)) return rect;
  const inner: Box = [rect[0] + rd[0]!, rect[1] + rd[1]!, rect[2] - rd[2]!, rect[3] - rd[3]!];
  return inner[0] <= inner[2] && inner[1] <= inner[3] ? inner : rect;
}

/** Points of a flat list, at most a stroke's limit of them (a longer one keeps points evenly along it). */
function stroke(values: number[]): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i + 1 < values.length; i += 2) points.push([values[i]!, values[i + 1]!]);
  if (points.length <= markupLimits.strokePoints) return points;
  const step = (points.length - 1) / (markupLimits.strokePoints - 1);
  return Array.from({ length: markupLimits.strokePoints }, (_, i) => points[Math.round(i * step)]!);
}

const arrowEnds = new Set(["OpenArrow", "ClosedArrow", "ROpenArrow", "RClosedArrow"]);

/** The kind and geometry an annotation stands for, or the reason it is left. */
function shapeOf(subtype: string, annot: PDFDict): Shape | string {
  const maxNumbers = 2 * markupLimits.strokePoints * 50;
  switch (subtype) {
    case "Square":
    case "Circle": {
      const box = innerBox(annot);
      if (!box) return "no box";
      const be = annot.lookup(name("BE"));
      const cloudy = be instanceof PDFDict && be.lookup(name("S")) === name("C");
      return { kind: subtype === "Circle" ? "ellipse" : cloudy ? "cloud" : "rectangle", geometry: rectGeometry(box) };
    }
    case "Polygon": {
      const vertices = numbers(annot.get(name("Vertices")), annot, maxNumbers);
      const box =
        vertices && vertices.length >= 4 ? boxOf([...vertices.slice(0, 2), ...vertices.slice(0, 2)]) : undefined;
      if (!box || !vertices) return "no vertices";
      for (let i = 0; i + 1 < vertices.length; i += 2) {
        box[0] = Math.min(box[0], vertices[i]!);
        box[1] = Math.min(box[1], vertices[i + 1]!);
        box[2] = Math.max(box[2], vertices[i]!);
        box[3] = Math.max(box[3], vertices[i + 1]!);
      }
      return { kind: "cloud", geometry: rectGeometry(box) };
    }
    case "PolyLine": {
      const vertices = numbers(annot.get(name("Vertices")), annot, maxNumbers);
      if (!vertices || vertices.length < 4) return "no vertices";
      return { kind: "ink", geometry: { strokes: [stroke(vertices)] } };
    }
    case "Ink": {
      const list = annot.lookup(name("InkList"));
      if (!(list instanceof PDFArray)) return "no strokes";
      const strokes: [number, number][][] = [];
      for (let i = 0; i < list.size() && strokes.length < markupLimits.strokes; i++) {
        const values = numbers(list.get(i), annot, maxNumbers);
        if (values && values.length >= 4) strokes.push(stroke(values));
      }
      return strokes.length > 0 ? { kind: "ink", geometry: { strokes } } : "no strokes";
    }
    case "Line": {
      const l = numbers(annot.get(name("L")), annot, 4);
      if (l?.length !== 4) return "no line";
      const ends = annot.lookup(name("LE"));
      const endName = (i: number) => (ends instanceof PDFArray ? ends.lookup(i)?.toString().slice(1) : undefined);
      const [x1, y1, x2, y2] = l as [number, number, number, number];
      if (arrowEnds.has(endName(1) ?? ""))
        return { kind: "arrow", geometry: { from: { x: x1, y: y1 }, to: { x: x2, y: y2 } } };
      if (arrowEnds.has(endName(0) ?? ""))
        return { kind: "arrow", geometry: { from: { x: x2, y: y2 }, to: { x: x1, y: y1 } } };
      return { kind: "line", geometry: { from: { x: x1, y: y1 }, to: { x: x2, y: y2 } } };
    }
    case "FreeText":
    case "Text": {
      const box = subtype === "Text" ? boxOf(numbers(annot.get(name("Rect")), annot, 4)) : innerBox(annot);
      if (!box) return "no box";
      const cl = numbers(annot.get(name("CL")), annot, 6);
      if (subtype === "FreeText" && annot.lookup(name("IT")) === name("FreeTextCallout") && cl && cl.length >= 4) {
        return { kind: "callout", geometry: { ...rectGeometry(box), anchor: { x: cl[0]!, y: cl[1]! } } };
      }
      return { kind: "text", geometry: rectGeometry(box) };
    }
    default:
      return subtype === "Link" || subtype === "Widget" || subtype === "Popup"
        ? "not a markup (links, form fields and pop-ups are left)"
        : "not a kind of markup kept";
  }
}

/** The shape clipped to the page's box, or why it is left (it lies wholly outside). */
function clipped(shape: Shape, [px1, py1, px2, py2]: Box): Shape | string {
  const g = shape.geometry;
  const cx = (x: number) => clamp(x, px1, px2);
  const cy = (y: number) => clamp(y, py1, py2);
  const point = (p: { x: number; y: number }) => ({ x: cx(p.x), y: cy(p.y) });
  if ("strokes" in g)
    return { ...shape, geometry: { strokes: g.strokes.map((s) => s.map(([x, y]) => [cx(x), cy(y)])) } };
  if ("from" in g) {
    const outside = (p: { x: number; y: number }) => p.x < px1 || p.x > px2 || p.y < py1 || p.y > py2;
    if (outside(g.from) && outside(g.to)) return "outside the page";
    return { ...shape, geometry: { from: point(g.from), to: point(g.to) } };
  }
  const [x1, y1, x2, y2] = [cx(g.x), cy(g.y), cx(g.x + g.width), cy(g.y + g.height)];
  if (x1 >= x2 || y1 >= y2) return g.width === 0 || g.height === 0 ? "an empty box" : "outside the page";
  const box = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  return { ...shape, geometry: "anchor" in g ? { ...box, anchor: point(g.anchor) } : box };
}

/**
 * The markups a marked-up PDF carries as annotations (decision 069): Square, Circle, Line, Polygon,
 * PolyLine, Ink, FreeText and Text (a sticky note, as text) become the kinds, the author from /T;
 * anything else (links, form fields, pop-ups, sounds, …) is counted as left, and actions and
 * scripts are never run or followed. Bounded by §18's limits: at most 500 markups (and
 * `ANNOTATIONS_EXAMINED` looked at), 2 000 points a stroke, 2 000 characters of text, geometry
 * clipped to its page (left when wholly outside). A file that does not parse, is encrypted or
 * has more than 10 000 pages is an `UnreadablePdf`.
 */
export async function readPdfMarkups(bytes: Uint8Array): Promise<ReadMarkups> {
  if (bytes.length > READ_MAX_BYTES) throw new UnreadablePdf("This file is too large to read its markups.");
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw new UnreadablePdf(
      encrypted ? "This PDF is encrypted: its markups cannot be read." : "This file is not a PDF that can be read.",
    );
  }
  let pages: PDFDict[];
  try {
    pages = pagesOf(doc);
  } catch (error) {
    if (error instanceof UnreadablePdf) throw error;
    throw new UnreadablePdf("This PDF's pages cannot be read.");
  }
  const markups: ReadMarkup[] = [];
  const skipped = new Map<string, { subtype: string; why: string; count: number }>();
  const skip = (subtype: string, why: string) => {
    const key = `${subtype}\n${why}`;
    const entry = skipped.get(key) ?? { subtype, why, count: 0 };
    entry.count += 1;
    skipped.set(key, entry);
  };
  let examined = 0;
  let left = 0;
  pages.forEach((page, index) => {
    const annots = page.lookup(name("Annots"));
    if (!(annots instanceof PDFArray)) return;
    const box = mediaBox(page);
    for (let i = 0; i < annots.size(); i++) {
      if (examined >= ANNOTATIONS_EXAMINED || markups.length >= markupLimits.perRevision) {
        left += annots.size() - i;
        return;
      }
      examined += 1;
      const annot = doc.context.lookup(annots.get(i));
      if (!(annot instanceof PDFDict)) {
        skip("?", "not an annotation");
        continue;
      }
      const subtype = annot.lookup(name("Subtype"))?.toString().slice(1) ?? "?";
      const shape = shapeOf(subtype, annot);
      const kept = typeof shape === "string" ? shape : clipped(shape, box);
      if (typeof kept === "string") {
        skip(subtype, kept);
        continue;
      }
      if (!geometrySchemas[kept.kind].safeParse(kept.geometry).success) {
        skip(subtype, "its geometry is beyond the limits");
        continue;
      }
      markups.push({
        page: index + 1,
        kind: kept.kind,
        geometry: kept.geometry,
        color: colorOf(numbers(annot.get(name("C")), annot, 4)),
        text: textOf(annot.lookup(name("Contents"))),
        author: textOf(annot.lookup(name("T"))).slice(0, 200),
        subtype,
        name: textOf(annot.lookup(name("NM"))).slice(0, 200) || null,
      });
    }
  });
  return { pages: pages.length, markups, skipped: [...skipped.values()], left };
}
