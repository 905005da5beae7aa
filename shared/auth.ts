import { z } from "zod";

import { accountKinds } from "./roles.ts";

export const accountKindSchema = z.enum(accountKinds);

/** Limits shared by the forms and the server. */
export const authLimits = {
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 8,
  /** Long enough for any passphrase, short enough that hashing it is not a denial of service. */
  passwordMax: 200,
} as const;

/** A new username: 3–50 letters, digits, dots, underscores or hyphens. Unique regardless of case. */
export const usernameSchema = z
  .string()
  .trim()
  .min(authLimits.usernameMin, `Username must be at least ${authLimits.usernameMin} characters`)
  .max(authLimits.usernameMax, `Username must be at most ${authLimits.usernameMax} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, dots, underscores and hyphens");

/**
 * The rule for a new password, in words (DESIGN §14): the length is checked here; "not common or
 * guessable" by a strength estimator on the server (shared/password-strength.ts), whose dictionary
 * stays out of the browser bundles.
 */
export const passwordRule = {
  /** zxcvbn score (0–4) a new password must reach: 3 is "safely unguessable" against online and throttled guessing. */
  minScore: 3,
  hint: `At least ${authLimits.passwordMin} characters, and not a common or easily guessed password (no names or usernames in it).`,
  tooWeak:
    "This password is too common or too easy to guess. Use a longer phrase of unrelated words, without the person's name or username.",
} as const;

/** A new or changed password (existing ones are only checked against their hash). */
export const newPasswordSchema = z
  .string()
  .min(authLimits.passwordMin, `Password must be at least ${authLimits.passwordMin} characters`)
  .max(authLimits.passwordMax, `Password must be at most ${authLimits.passwordMax} characters`);

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(authLimits.passwordMax),
  role: accountKindSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  username: z.string(),
  role: accountKindSchema,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/auth/me: the logged-in account. `role` is the account kind, `jobRole` the job title. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: accountKindSchema,
  name: z.string(),
  email: z.string(),
  jobRole: z.string(),
  status: z.enum(["active", "disabled"]),
  performance: z.number().int(),
  projects: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
