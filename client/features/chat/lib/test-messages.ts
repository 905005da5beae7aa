import type { ChatMessage } from "../../../../shared/chat.ts";

/** A stored message for the tests: private alice → me unless told otherwise; its `seq` is its id. */
export function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    seq: id,
    clientId: null,
    type: "PRIVATE_MESSAGE",
    sender: "alice",
    senderRemoved: false,
    recipient: "me",
    groupId: null,
    content: `message ${id}`,
    timestamp: new Date(Date.UTC(2025, 5, 2, 9, 0, id)).toISOString(),
    fileUrl: null,
    fileType: null,
    fileName: null,
    editedAt: null,
    deleted: false,
    replyTo: null,
    reactions: {},
    mentions: [],
    ...overrides,
  };
}

export function groupMessage(id: number, groupId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return message(id, { type: "GROUP_MESSAGE", recipient: null, groupId, ...overrides });
}
