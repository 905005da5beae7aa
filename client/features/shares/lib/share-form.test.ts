import { describe, expect, it } from "vitest";
import { fileShareLimits } from "../../../../shared/files.ts";
import {
  expiryHoursSchema,
  optionalMaxDownloadsSchema,
  optionalSharePasswordSchema,
  shareOptionsFrom,
} from "./share-form.ts";
import { MAX_EXPIRY_HOURS } from "./upload.ts";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("optionalSharePasswordSchema", () => {
  it("takes an empty field as no password", () => {
    expect(optionalSharePasswordSchema.safeParse("").success).toBe(true);
  });
  it("holds a typed password to the server's length rules and messages", () => {
    expect(optionalSharePasswordSchema.safeParse("secret").success).toBe(true);
    expect(firstError(optionalSharePasswordSchema.safeParse("short"))).toBe(
      `The password must have at least ${fileShareLimits.passwordMin} characters`,
    );
    expect(firstError(optionalSharePasswordSchema.safeParse("x".repeat(fileShareLimits.passwordMax + 1)))).toBe(
      `The password must have at most ${fileShareLimits.passwordMax} characters`,
    );
  });
  it("counts spaces as characters, as the server does", () => {
    expect(optionalSharePasswordSchema.safeParse("   ").success).toBe(false);
  });
});

describe("optionalMaxDownloadsSchema", () => {
  it("takes an empty field as no limit", () => {
    expect(optionalMaxDownloadsSchema.safeParse("").success).toBe(true);
    expect(optionalMaxDownloadsSchema.safeParse("  ").success).toBe(true);
  });
  it("takes whole numbers from 1 to the server's maximum", () => {
    expect(optionalMaxDownloadsSchema.safeParse("1").success).toBe(true);
    expect(optionalMaxDownloadsSchema.safeParse(String(fileShareLimits.maxDownloadsMax)).success).toBe(true);
  });
  it("refuses the rest with the server's messages", () => {
    expect(firstError(optionalMaxDownloadsSchema.safeParse("0"))).toBe("Allow at least one download");
    expect(firstError(optionalMaxDownloadsSchema.safeParse("2.5"))).toBe("The download limit must be a whole number");
    expect(firstError(optionalMaxDownloadsSchema.safeParse(String(fileShareLimits.maxDownloadsMax + 1)))).toBe(
      `Allow at most ${fileShareLimits.maxDownloadsMax} downloads`,
    );
    expect(firstError(optionalMaxDownloadsSchema.safeParse("many"))).toBe("The download limit must be a number");
  });
});

describe("expiryHoursSchema", () => {
  it("takes 1 hour to a year", () => {
    expect(expiryHoursSchema.safeParse(10).success).toBe(true);
    expect(firstError(expiryHoursSchema.safeParse(0))).toBe("The link must work for at least 1 hour.");
    expect(firstError(expiryHoursSchema.safeParse(MAX_EXPIRY_HOURS + 1))).toBe(
      `The link can work for at most ${MAX_EXPIRY_HOURS} hours (a year).`,
    );
    expect(firstError(expiryHoursSchema.safeParse(Number.NaN))).toBe("Enter the number of hours the link should work.");
  });
});

describe("shareOptionsFrom", () => {
  it("leaves out the fields left empty", () => {
    expect(shareOptionsFrom({ password: "", maxDownloads: "" })).toEqual({});
    expect(shareOptionsFrom({ password: "", maxDownloads: " " })).toEqual({});
  });
  it("sends the password as typed and the limit as a number", () => {
    expect(shareOptionsFrom({ password: " open sesame ", maxDownloads: " 5 " })).toEqual({
      password: " open sesame ",
      maxDownloads: 5,
    });
  });
});
