/**
 * The public forms' rules that the pages themselves need (labels, limits, accepted files), with no
 * zod: the /contactus and /career pages import this before the form code loads. The schemas built
 * on it are in leads.ts.
 */

/** The Type of Work choices of the quote form (SPEC §5), exactly as sent and stored. */
export const workTypeOptions = ["Structural Steel Detailing", "RFQ / Estimating", "MTO / TakeOFF"] as const;
export type WorkType = (typeof workTypeOptions)[number];

const MB = 1024 * 1024;

export const publicFormLimits = {
  nameMax: 200,
  emailMax: 254,
  companyMax: 200,
  phoneMax: 40,
  phoneDigitsMin: 6,
  phoneDigitsMax: 20,
  projectNameMax: 200,
  tonsOfSteelMax: 50,
  dateMax: 10,
  scopeOfWorkMax: 5000,
  projectUrlMax: 2048,
  messageMax: 5000,
  /** DESIGN §5: a CV is at most 10 MB. */
  cvMaxBytes: 10 * MB,
  /** DESIGN §5: a quote attachment is at most 100 MB. */
  quoteFileMaxBytes: 100 * MB,
  /** Longest ?q= search of the admin lists. */
  searchMax: 200,
} as const;

/** A kind of file a form accepts: what the visitor is told and what the file picker offers. */
export interface FileRule {
  /** For the file input's `accept` and a first check of the name in the browser. */
  extensions: readonly string[];
  /** For messages: "PDF, DOC, DOCX or ZIP". */
  label: string;
  maxBytes: number;
}

/** CV (DESIGN §5): pdf, doc, docx, zip; 10 MB. The server decides by content, not by name. */
export const cvFileRule: FileRule = {
  extensions: [".pdf", ".doc", ".docx", ".zip"],
  label: "PDF, DOC, DOCX or ZIP",
  maxBytes: publicFormLimits.cvMaxBytes,
};

/** Quote attachment (DESIGN §5): pdf, images, office files, dwg/dxf/ifc, zip/7z/rar; 100 MB. */
export const quoteFileRule: FileRule = {
  extensions: [
    ".pdf",
    ".png",
    ".jpg",
    ".jpeg",
    ".webp",
    ".gif",
    ".tif",
    ".tiff",
    ".doc",
    ".docx",
    ".xls",
    ".xlsx",
    ".ppt",
    ".pptx",
    ".dwg",
    ".dxf",
    ".ifc",
    ".zip",
    ".7z",
    ".rar",
  ],
  label: "PDF, images, Office files, DWG, DXF, IFC, ZIP, 7Z or RAR",
  maxBytes: publicFormLimits.quoteFileMaxBytes,
};

/** The multipart field names of the two public forms (SPEC §7), plus the captcha and the honeypot. */
export const publicFormFields = {
  /** The ALTCHA payload (base64 JSON), as the widget's hidden input names it. */
  captcha: "altcha",
  /** The honeypot: a field people never see; a filled one means a bot. */
  honeypot: "website",
  quoteFile: "uploadFile",
  cv: "cv",
} as const;

/** GET /api/captcha/challenge: where the ALTCHA widget fetches its proof-of-work challenge. */
export const captchaChallengePath = "/api/captcha/challenge";
