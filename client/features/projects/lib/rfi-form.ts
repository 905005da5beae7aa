import { z } from "zod";
import { type CreateRfi, createRfiSchema, rfiLimits } from "../../../../shared/rfis.ts";

/** The New RFI form: the server's own field rules (shared/rfis.ts), with the due day as a date input gives it. */
export const rfiFormSchema = z.object({
  subject: createRfiSchema.shape.subject,
  question: createRfiSchema.shape.question,
  suggestion: z
    .string()
    .trim()
    .max(rfiLimits.suggestionMax, `The suggestion must have at most ${rfiLimits.suggestionMax} characters`),
  sheets: z.array(z.string()),
  to: createRfiSchema.shape.to,
  dueDay: z.iso.date("Choose the day the answer is due"),
});
export type RfiFormValues = z.infer<typeof rfiFormSchema>;

/** A week from `now`, as a date input's value in the browser's own day. */
export const defaultDueDay = (now = new Date()) => {
  const day = new Date(now.getTime() + 7 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

export const emptyRfiForm = (): RfiFormValues => ({
  subject: "",
  question: "",
  suggestion: "",
  sheets: [],
  to: "",
  dueDay: defaultDueDay(),
});

/** The body of POST /api/projects/{job}/rfis: due at the end of the chosen day, in the asker's time zone. */
export const createRfiBody = (values: RfiFormValues): CreateRfi => {
  const [year, month, day] = values.dueDay.split("-").map(Number);
  const due = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, 23, 59, 0);
  return {
    subject: values.subject,
    question: values.question,
    suggestion: values.suggestion,
    sheets: values.sheets,
    to: values.to,
    dueAt: due.toISOString(),
  };
};
