import { z } from "zod";

/** Every error answer (DESIGN §4): `{message}`, plus `errors: {field: text}` for invalid input. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** The error answers a route may give, for its OpenAPI description. */
export const errorResponses = <const Codes extends readonly number[]>(...codes: Codes) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [K in Codes[number]]: typeof errorResponseSchema;
  };

/** Is this (possibly wrapped) database error a unique-constraint violation? */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A zod refusal as the API's field errors: the first message per field path (`whole` names the form itself). */
export function fieldErrorsOf(error: z.ZodError, whole = "form"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".") || whole] ??= issue.message;
  return errors;
}
