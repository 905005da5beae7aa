import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { newPasswordSchema, passwordRule } from "./auth.ts";

/**
 * Whether a new password may be used: the length rule, then zxcvbn (the common-password and
 * keyboard-pattern dictionaries) with the person's own words as context. Server side: the
 * dictionary is ~400 kB and must not reach any page bundle (the forms show the server's answer).
 */
let estimator: ZxcvbnFactory | undefined;

/** Words that make a password guessable for this person: "Jane Doe", "j.doe" → jane doe, jane, doe, janedoe, j.doe… */
export function contextWords(values: readonly (string | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const text = value.trim().toLowerCase();
    if (text) words.add(text);
    const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length > 0);
    for (const part of parts) if (part.length >= 3) words.add(part);
    // "Jane Doe" is typed as janedoe too.
    if (parts.length > 1) words.add(parts.join(""));
  }
  return [...words];
}

/** The reason a password cannot be set (one sentence for the form), or undefined when it is fine. */
export function passwordProblem(password: string, context: readonly (string | undefined)[] = []): string | undefined {
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message;
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 100 });
  const { score } = estimator.check(password, contextWords(context));
  return score < passwordRule.minScore ? passwordRule.tooWeak : undefined;
}
