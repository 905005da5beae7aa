/** Chat attachments (SPEC §5): what POST /upload answers, and the types the file input offers. */
import { z } from "zod";

/** POST /upload answers this. */
export const uploadResultSchema = z.object({ fileUrl: z.string(), fileType: z.string(), fileName: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** SPEC §5 chat attachment types, for the file input's `accept` (the server decides by content). */
export const chatAcceptAttribute = [
  "image/*",
  "video/*",
  "audio/*",
  ".pdf",
  ".doc",
  ".docx",
  ".txt",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".zip",
  ".rar",
  ".7z",
  ".csv",
  ".md",
  ".json",
  ".xml",
  ".yaml",
  ".yml",
  ".log",
  ".js",
  ".ts",
  ".tsx",
  ".jsx",
  ".py",
  ".java",
  ".c",
  ".cpp",
  ".h",
  ".cs",
  ".go",
  ".rs",
  ".rb",
  ".php",
  ".sh",
  ".sql",
  ".css",
  ".html",
].join(",");
