/** The public forms' exact texts (SPEC §8). */
export const leadMessages = {
  quoteSuccess: "✅ Your inquiry has been submitted successfully!",
  quoteFailure: "❌ Something went wrong. Please try again.",
  applicationSuccess: "✅ Application submitted successfully!",
  applicationFailure: "❌ Failed to submit application.",
  captchaMissing: "Please confirm you are not a robot (tick the box).",
} as const;
