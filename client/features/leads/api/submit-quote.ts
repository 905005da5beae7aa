import type { LeadCreated } from "../../../../shared/leads.ts";
import { type QuoteFormValues, quoteFormData } from "../lib/forms.ts";
import { leadPaths } from "./paths.ts";
import { type PostFormOptions, postForm } from "./post-form.ts";

/** POST /api/contact/submit (multipart): 201 {id, message}; 400 with field errors, 413, 415, 429. */
export const submitQuote = (values: QuoteFormValues, options?: PostFormOptions) =>
  postForm<LeadCreated>(leadPaths.submitQuote, quoteFormData(values), options);
