/** The public forms' exact texts (SPEC §8). */
export const publicFormMessages = {
  quoteRequestSuccess: "✅ Your inquiry has been submitted successfully!",
  quoteRequestFailure: "❌ Something went wrong. Please try again.",
  applicationSuccess: "✅ Application submitted successfully!",
  applicationFailure: "❌ Failed to submit application.",
  captchaMissing: "Please confirm you are not a robot (tick the box).",
} as const;
