import { captchaChallengePath } from "../../../../shared/public-form-limits.ts";

/** The public forms' API paths (SPEC §7), in one place. */
export const publicFormPaths = {
  submitQuoteRequest: "/api/contact/submit",
  submitApplication: "/api/applications/submit",
  captchaChallenge: captchaChallengePath,
} as const;
