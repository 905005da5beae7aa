/** An account's kind: the `role` of the logged-in user and of a chat user. Plain data (no zod) so public pages stay light. */
export const accountKinds = ["admin", "employee"] as const;
export type AccountKind = (typeof accountKinds)[number];

export const isAccountKind = (value: unknown): value is AccountKind =>
  typeof value === "string" && (accountKinds as readonly string[]).includes(value);

/** Browser storage keys (SPEC §3). */
export const storageKeys = { user: "user", token: "jwtToken" } as const;
