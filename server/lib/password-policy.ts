import site from "../../content/site.json" with { type: "json" };
import { passwordProblem } from "../../shared/password-strength.ts";
import { badRequest } from "./errors.ts";

/** Who a password is for: their own words make a password guessable, and so does the company's name. */
export interface PasswordOwner {
  name?: string;
  username?: string;
  email?: string;
}

/** Why `password` cannot become this person's password (DESIGN §14), or undefined. Every place a password is set asks. */
export const newPasswordProblem = (password: string, owner: PasswordOwner) =>
  passwordProblem(password, [owner.name, owner.username, owner.email, site.brand.name, site.brand.legalName]);

/** Throws 400 `{message, errors: {password}}` when the password may not be set. */
export function assertNewPassword(password: string, owner: PasswordOwner): void {
  const problem = newPasswordProblem(password, owner);
  if (problem) throw badRequest(problem, { password: problem });
}
