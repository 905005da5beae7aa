import { describe, expect, it } from "vitest";
import { emptyFileRequestForm, fileRequestBody, fileRequestFormSchema } from "./file-request-form.ts";

const valid = { ...emptyFileRequestForm, title: "Drawings for Harbor Point" };

describe("fileRequestFormSchema", () => {
  it("takes a title and the default week", () => {
    expect(fileRequestFormSchema.safeParse(valid).success).toBe(true);
    expect(emptyFileRequestForm.expiryHours).toBe(168);
  });

  it("needs a title, a sensible expiry, a whole number of MB and a long enough password", () => {
    const messages = (values: object) =>
      fileRequestFormSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ title: "  " })).toEqual(["A title is required"]);
    expect(messages({ expiryHours: 0 })).toEqual(["Expiry must be at least 1 hour"]);
    expect(messages({ expiryHours: Number.NaN })).toEqual(["Expiry must be a number of hours"]);
    expect(messages({ maxTotalMB: "0" })).toEqual(["Allow at least 1 MB"]);
    expect(messages({ maxTotalMB: "1.5" })).toEqual(["The total must be a whole number of MB"]);
    expect(messages({ password: "abc" })).toEqual(["The password must have at least 6 characters"]);
  });
});

describe("fileRequestBody", () => {
  it("leaves out what was left empty", () => {
    expect(fileRequestBody({ ...valid, title: " Drawings " })).toEqual({ title: "Drawings", expiryHours: 168 });
  });

  it("sends the message, the limit and the password when given", () => {
    expect(
      fileRequestBody({ ...valid, message: "The GA please", maxTotalMB: "500", password: "Harbor-7", expiryHours: 24 }),
    ).toEqual({
      title: "Drawings for Harbor Point",
      message: "The GA please",
      expiryHours: 24,
      maxTotalMB: 500,
      password: "Harbor-7",
    });
  });
});
