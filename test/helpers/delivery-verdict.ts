// What the delivery tests check once the chaos is over: what the server stored, read back from the
// start of each conversation, against what each client was told and shows (DESIGN §10). Shared by
// server/modules/chat/delivery.test.ts and the topology tests (test/topology/).
import { type ChatMessage, catchUpPageSchema, chatLimits, chatPaths } from "../../shared/chat.ts";
import { callServer as call } from "./child-server.ts";
import type { Conversation, DeliveryClient } from "./delivery-client.ts";

/** Every message of a conversation, as one of its people reads it from the start (catch-up after=0). */
export async function readAll(base: string, reader: { username: string; token: string }, conversation: Conversation) {
  const messages: ChatMessage[] = [];
  for (let after = 0; ; ) {
    const url =
      conversation.kind === "group"
        ? chatPaths.groupAfter(conversation.groupId, after, chatLimits.maxCatchUpSize)
        : chatPaths.privateAfter(reader.username, conversation.other, after, chatLimits.maxCatchUpSize);
    const page = catchUpPageSchema.parse(await call(base, "GET", url, { token: reader.token }));
    messages.push(...page.content);
    const last = page.content.at(-1);
    if (page.last || !last) return messages;
    after = last.seq;
  }
}

/** One name per conversation for both its people: `private:a|b` (sorted) or `group:<id>`. */
export const canonical = (me: string, key: string) =>
  key.startsWith("private:") ? `private:${[me, key.slice("private:".length)].sort().join("|")}` : key;

/** The client's view must be exactly what was stored: each message once, in seq order. */
export function compareView(client: DeliveryClient, key: string, stored: ChatMessage[], failures: string[]) {
  const view = client.view(key);
  const where = `${client.username} in ${key}`;
  for (let index = 1; index < view.length; index++) {
    if ((view[index - 1]?.seq ?? 0) >= (view[index]?.seq ?? 0))
      failures.push(`${where}: view not ascending by seq at ${index}`);
  }
  const shown = new Set(view.map((message) => message.id));
  if (shown.size !== view.length) failures.push(`${where}: a message shown twice`);
  const missing = stored.filter((message) => !shown.has(message.id));
  if (missing.length > 0) {
    failures.push(
      `${where}: missing ${missing.map((message) => `${message.clientId} (seq ${message.seq})`).join(", ")}`,
    );
  }
  const storedIds = new Set(stored.map((message) => message.id));
  const extra = view.filter((message) => !storedIds.has(message.id));
  if (extra.length > 0) failures.push(`${where}: shows messages not stored: ${extra.map((message) => message.id)}`);
}
