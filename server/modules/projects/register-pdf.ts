import { PDFDocument, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type Drawing, drawingStatusLabels } from "../../../shared/drawings.ts";
import { drawable, fitted } from "../../lib/pdf-text.ts";

/** What the printable register says about its project. */
export interface RegisterPrint {
  firm: string;
  project: { job: string; name: string; client: string; fabricator: string };
  printedAt: Date;
  sheets: readonly Drawing[];
}

// US Letter turned sideways: a register is a wide table.
const PAGE = { width: 792, height: 612, margin: 40 } as const;
const ink = rgb(0.1, 0.12, 0.16);
const muted = rgb(0.38, 0.42, 0.48);
const rule = rgb(0.8, 0.83, 0.87);
const band = rgb(0.96, 0.97, 0.98);

const day = (iso: string | Date) => (typeof iso === "string" ? iso : iso.toISOString()).slice(0, 10);

/** The columns: where each starts, how wide it is, and what it shows of a sheet. */
const columns: { header: string; x: number; width: number; value: (sheet: Drawing) => string }[] = [
  { header: "Sheet", x: 0, width: 110, value: (sheet) => sheet.number },
  { header: "Title", x: 115, width: 270, value: (sheet) => sheet.title },
  { header: "Rev", x: 390, width: 35, value: (sheet) => sheet.revision || "-" },
  {
    header: "Status",
    x: 430,
    width: 140,
    value: (sheet) => `${drawingStatusLabels[sheet.status]}${sheet.onHold ? " (on hold)" : ""}`,
  },
  {
    header: "Revised",
    x: 575,
    width: 65,
    value: (sheet) => (sheet.revisions[0] ? day(sheet.revisions[0].uploadedAt) : "-"),
  },
  {
    header: "Revisions",
    x: 645,
    width: 67,
    value: (sheet) =>
      sheet.revisions
        .map((each) => each.revision)
        .reverse()
        .join(" "),
  },
];

/**
 * The drawing register as a PDF a client can file (DESIGN §16 logs): the firm, the project, the
 * day it was printed, and every sheet with its latest revision, status and revision history, over
 * as many pages as it takes, each with its header row and page number.
 */
export async function registerPdf(print: RegisterPrint): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Drawing register ${print.project.job}`);
  pdf.setAuthor(print.firm);
  pdf.setCreator(print.firm);
  pdf.setCreationDate(print.printedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = PAGE.margin;
  const inner = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, x: number, size: number, font = regular, color = ink, width = inner) =>
    page.drawText(fitted(font, value, size, width), { x, y, size, font, color });

  const header = () => {
    for (const column of columns) text(column.header, left + column.x, 8, bold, muted, column.width);
    y -= 5;
    page.drawLine({ start: { x: left, y }, end: { x: left + inner, y }, thickness: 0.5, color: rule });
    y -= 12;
  };

  text(print.firm, left, 16, bold);
  y -= 22;
  text(`Drawing register  ${print.project.job}  ${print.project.name}`, left, 12, bold);
  y -= 16;
  const facts = [
    `Client: ${print.project.client}`,
    print.project.fabricator ? `Fabricator: ${print.project.fabricator}` : "",
    `Printed: ${day(print.printedAt)}`,
    `${print.sheets.length} sheet${print.sheets.length === 1 ? "" : "s"}`,
  ].filter(Boolean);
  text(facts.join("   ·   "), left, 9, regular, muted);
  y -= 22;
  header();
  print.sheets.forEach((sheet, index) => {
    if (y < PAGE.margin + 16) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      text(`Drawing register ${print.project.job} (continued)`, left, 10, bold, muted);
      y -= 20;
      header();
    }
    if (index % 2 === 1) {
      page.drawRectangle({ x: left - 2, y: y - 3, width: inner + 4, height: 13, color: band });
    }
    for (const column of columns) text(column.value(sheet), left + column.x, 9, regular, ink, column.width);
    y -= 13;
  });
  if (print.sheets.length === 0) text("The register has no sheets yet.", left, 10, regular, muted);

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(drawable(regular, `${print.project.job} drawing register  ·  page ${index + 1} of ${pages.length}`), {
      x: left,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return pdf.save();
}
