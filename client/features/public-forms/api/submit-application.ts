import type { SubmissionReceived } from "../../../../shared/public-forms.ts";
import { type ApplicationFormValues, applicationFormData } from "../lib/forms.ts";
import { publicFormPaths } from "./paths.ts";
import { type PostFormOptions, postForm } from "./post-form.ts";

/** POST /api/applications/submit (multipart): 201 {id, message}; 400 with field errors, 413, 415, 429. */
export const submitApplication = (values: ApplicationFormValues, options?: PostFormOptions) =>
  postForm<SubmissionReceived>(publicFormPaths.submitApplication, applicationFormData(values), options);
