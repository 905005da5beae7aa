import { z } from "zod";
import type { Drawing } from "../../../../shared/drawings.ts";
import {
  type CreateTransmittal,
  createTransmittalSchema,
  transmittalLimits,
  transmittalPurposes,
} from "../../../../shared/transmittals.ts";

/** The New transmittal form: the server's rules (shared/transmittals.ts), recipients typed as one line. */
export const transmittalFormSchema = z.object({
  purpose: z.enum(transmittalPurposes),
  sheets: z.array(z.string()).min(1, "Choose at least one sheet"),
  recipients: z
    .string()
    .transform((line) => recipientList(line))
    .pipe(createTransmittalSchema.shape.recipients),
  message: createTransmittalSchema.shape.message,
  dueDays: z.coerce
    .number({ error: "The days to respond must be a number" })
    .int("Whole days")
    .min(1, "The client needs at least a day")
    .max(transmittalLimits.dueDaysMax, `At most ${transmittalLimits.dueDaysMax} days`),
  password: z.string().max(200),
});
export type TransmittalFormInput = z.input<typeof transmittalFormSchema>;
export type TransmittalFormValues = z.output<typeof transmittalFormSchema>;

/** Addresses as people paste them: separated by commas, semicolons, spaces or lines, each once. */
export const recipientList = (line: string) => [
  ...new Set(
    line
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean),
  ),
];

/** Sheets that can go out: drawn (a revision to send) and, for approval, not released yet. */
export const sendableSheets = (register: Drawing[], purpose: CreateTransmittal["purpose"]) =>
  register.filter((sheet) => sheet.revision !== "" && (purpose !== "approval" || sheet.status !== "released"));

export const emptyTransmittalForm = (clientEmail: string): TransmittalFormInput => ({
  purpose: "approval",
  sheets: [],
  recipients: clientEmail,
  message: "",
  dueDays: transmittalLimits.dueDaysDefault,
  password: "",
});

/** The body of POST /api/projects/{job}/transmittals: each sheet at its latest revision. */
export const createTransmittalBody = (values: TransmittalFormValues, register: Drawing[]): CreateTransmittal => ({
  purpose: values.purpose,
  sheets: values.sheets.map((number) => ({
    number,
    revision: register.find((sheet) => sheet.number === number)?.revision ?? "",
  })),
  recipients: values.recipients,
  message: values.message,
  dueDays: values.dueDays,
  ...(values.password ? { password: values.password } : {}),
});
