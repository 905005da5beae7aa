import { editMessageSchema } from "../../../../shared/chat.ts";

/** What saving an edit of a message comes to: refused with a reason, nothing to save, or new text. */
export type EditOutcome =
  | { kind: "invalid"; error: string }
  | { kind: "unchanged" }
  | { kind: "save"; content: string };

/** The edit as written, against the message's text now: the shared rule decides what may be saved. */
export function editOutcome(text: string, original: string): EditOutcome {
  const parsed = editMessageSchema.safeParse({ content: text });
  if (!parsed.success) return { kind: "invalid", error: parsed.error.issues[0]?.message ?? "A message needs text" };
  if (parsed.data.content === original.trim()) return { kind: "unchanged" };
  return { kind: "save", content: parsed.data.content };
}

/** What the composer says when the server did not save an edit. */
export const editFailedMessage = "The message could not be saved. Please try again.";
