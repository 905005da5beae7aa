import { PDFDocument, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type TransmittalPurpose, transmittalPurposeLabels } from "../../../shared/transmittals.ts";
import { drawable, fitted, wrapped } from "../../lib/pdf-text.ts";

/** What a transmittal's cover sheet says (DESIGN §16). */
export interface CoverSheet {
  firm: string;
  project: { job: string; name: string; client: string };
  number: string;
  date: Date;
  dueAt: Date;
  purpose: TransmittalPurpose;
  message: string;
  from: string;
  recipients: readonly string[];
  sheets: readonly { number: string; title: string; revision: string }[];
}

// US Letter, in points.
const PAGE = { width: 612, height: 792, margin: 54 } as const;
const ink = rgb(0.1, 0.12, 0.16);
const muted = rgb(0.38, 0.42, 0.48);
const rule = rgb(0.8, 0.83, 0.87);

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The cover sheet of a transmittal as a PDF (pdf-lib, standard fonts): the firm, the project, the
 * number, the date, the purpose and due date, the message, and the sheets with their revisions,
 * over as many pages as they take.
 */
export async function coverSheetPdf(cover: CoverSheet): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Transmittal ${cover.number}`);
  pdf.setAuthor(cover.firm);
  pdf.setCreator(cover.firm);
  pdf.setCreationDate(cover.date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const inner = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, x: number, size: number, font = regular, color = ink, width = inner) =>
    page.drawText(fitted(font, value, size, width), { x, y, size, font, color });

  text(cover.firm, PAGE.margin, 18, bold);
  y -= 26;
  text("TRANSMITTAL", PAGE.margin, 11, bold, muted);
  text(cover.number, PAGE.margin + 110, 11, bold, ink, inner - 110);
  y -= 14;
  page.drawLine({
    start: { x: PAGE.margin, y },
    end: { x: PAGE.width - PAGE.margin, y },
    thickness: 1,
    color: rule,
  });
  y -= 22;

  const fields: [string, string][] = [
    ["Project", `${cover.project.job}  ${cover.project.name}`],
    ["Client", cover.project.client],
    ["To", cover.recipients.join(", ")],
    ["From", cover.from],
    ["Date", day(cover.date)],
    ["Purpose", transmittalPurposeLabels[cover.purpose]],
    ["Respond by", day(cover.dueAt)],
  ];
  for (const [label, value] of fields) {
    text(label, PAGE.margin, 10, bold, muted, 100);
    text(value, PAGE.margin + 110, 10, regular, ink, inner - 110);
    y -= 16;
  }
  if (cover.message) {
    y -= 6;
    for (const line of wrapped(regular, cover.message, 10, inner, 12)) {
      text(line, PAGE.margin, 10);
      y -= 14;
    }
  }
  y -= 14;

  const columns = { number: PAGE.margin, revision: PAGE.margin + 150, title: PAGE.margin + 210 };
  const header = () => {
    text("Sheet", columns.number, 9, bold, muted, 140);
    text("Rev", columns.revision, 9, bold, muted, 50);
    text("Title", columns.title, 9, bold, muted, PAGE.width - PAGE.margin - columns.title);
    y -= 6;
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.5,
      color: rule,
    });
    y -= 14;
  };
  text(`${cover.sheets.length} sheet${cover.sheets.length === 1 ? "" : "s"}`, PAGE.margin, 11, bold);
  y -= 20;
  header();
  for (const sheet of cover.sheets) {
    if (y < PAGE.margin + 20) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      text(`${cover.number} (continued)`, PAGE.margin, 10, bold, muted);
      y -= 22;
      header();
    }
    text(sheet.number, columns.number, 10, regular, ink, 140);
    text(sheet.revision, columns.revision, 10, regular, ink, 50);
    text(sheet.title, columns.title, 10, regular, ink, PAGE.width - PAGE.margin - columns.title);
    y -= 15;
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(drawable(regular, `${cover.number}  ·  page ${index + 1} of ${pages.length}`), {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return pdf.save();
}
