import { z } from "zod";
import {
  type CreateFileRequest,
  createFileRequestSchema,
  fileRequestLimits,
} from "../../../../shared/file-requests.ts";
import { sharePasswordSchema } from "../../../../shared/files.ts";

const fields = createFileRequestSchema.shape;

/** A text field that may stay empty; anything typed must pass `schema` (its first message shown). */
function emptyOr(schema: z.ZodType, isEmpty: (value: string) => boolean) {
  return z.string().superRefine((value, ctx) => {
    if (isEmpty(value)) return;
    const result = schema.safeParse(value);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "Not valid" });
  });
}

/** The New file request form; the rules are the server's own (shared/file-requests.ts). */
export const fileRequestFormSchema = z.object({
  title: fields.title,
  message: fields.message.unwrap(),
  expiryHours: fields.expiryHours,
  /** A number input read as text, so that empty stays empty (no limit beyond the server's). */
  maxTotalMB: emptyOr(z.coerce.number().pipe(fields.maxTotalMB.unwrap().unwrap()), (value) => value.trim() === ""),
  /** Empty: no password. Spaces count as characters, as on the server. */
  password: emptyOr(sharePasswordSchema, (value) => value === ""),
});
export type FileRequestFormValues = z.input<typeof fileRequestFormSchema>;

export const emptyFileRequestForm: FileRequestFormValues = {
  title: "",
  message: "",
  expiryHours: fileRequestLimits.defaultExpiryHours,
  maxTotalMB: "",
  password: "",
};

/** The POST body: optional fields only when filled in. */
export function fileRequestBody(values: FileRequestFormValues): CreateFileRequest {
  const message = values.message.trim();
  const limit = values.maxTotalMB.trim();
  return {
    title: values.title.trim(),
    expiryHours: values.expiryHours,
    ...(message !== "" ? { message } : {}),
    ...(limit !== "" ? { maxTotalMB: Number(limit) } : {}),
    ...(values.password !== "" ? { password: values.password } : {}),
  };
}
