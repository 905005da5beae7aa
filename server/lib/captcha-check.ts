/*
 * What a captcha check answers, and the words a visitor reads when it fails: shared by the captcha
 * plugin (server/plugins/captcha.ts), which checks, and the public forms (public-form.ts), which
 * report. Kept in lib so that lib never imports a plugin.
 */

export const captchaMessages = {
  missing: "Please confirm you are not a robot (tick the box).",
  invalid: "The robot check failed. Please tick the box again.",
  expired: "The robot check expired. Please tick the box again.",
  used: "This robot check was already used. Please tick the box again.",
} as const;

export type CaptchaFailure = keyof typeof captchaMessages;

/** A verified, not yet used solution: its challenge's signature is what makes it single-use. */
export interface CaptchaSolution {
  signature: string;
  expiresAt: Date;
}

export type CaptchaCheck = { ok: true; solution: CaptchaSolution } | { ok: false; reason: CaptchaFailure };
