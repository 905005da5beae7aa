import type { SubmissionReceived } from "../../../../shared/public-forms.ts";
import { type QuoteRequestFormValues, quoteRequestFormData } from "../lib/forms.ts";
import { publicFormPaths } from "./paths.ts";
import { type PostFormOptions, postForm } from "./post-form.ts";

/** POST /api/contact/submit (multipart): 201 {id, message}; 400 with field errors, 413, 415, 429. */
export const submitQuoteRequest = (values: QuoteRequestFormValues, options?: PostFormOptions) =>
  postForm<SubmissionReceived>(publicFormPaths.submitQuoteRequest, quoteRequestFormData(values), options);
