/**
 * The chat's contract (SPEC §3, §5, §7; DESIGN §4, §7): REST paths, STOMP destinations, shapes and
 * rules, shared by the server and the staff client. Public pages never import this file.
 */
import { z } from "zod";
import { presenceStatuses, realtimeDestinations } from "./realtime.ts";
import { accountKinds } from "./roles.ts";

export { type PresenceStatus, presenceStatuses } from "./realtime.ts";

export const chatLimits = {
  /** SPEC §9: 20 per page; page 0 is the newest. */
  pageSize: 20,
  maxPageSize: 100,
  maxContentChars: 10_000,
  /** DESIGN §5: 50 MB enforced on the client and the server (the SPEC's 1 GB check is a bug). */
  maxAttachmentBytes: 50 * 1024 * 1024,
  groupNameMax: 100,
  maxGroupMembers: 500,
  fileNameMax: 200,
  /** SPEC §9: unread badges read "99+" above 99. */
  badgeMax: 99,
  /** SPEC §9: older pages load within 100 px of the top; auto-scroll within 100 px of the end. */
  scrollThresholdPx: 100,
  /** SPEC §7/§9: reconnect after 5 s, backing off to at most 15 min; heart-beats every 10 s. */
  reconnectDelayMs: 5_000,
  maxReconnectDelayMs: 15 * 60_000,
  heartBeatMs: 10_000,
  /** DESIGN §7: idle this long (no input) counts as away (ACTIVE). */
  idleAfterMs: 5 * 60_000,
  /** DESIGN §10: catch-up (`after=`) answers at most this many by default (and at most maxCatchUpSize). */
  catchUpSize: 100,
  maxCatchUpSize: 500,
  /** DESIGN §10: a SEND's own id for its message. */
  clientIdMaxChars: 64,
  /** DESIGN §10: at most this many stored messages per account in any window. */
  rateLimitMessages: 30,
  rateLimitWindowMs: 10_000,
  /** DESIGN §10: a message can be edited by its sender this long after it was sent (CHAT_EDIT_WINDOW_MIN). */
  editWindowMin: 60,
  /** DESIGN §10: at most this many distinct emoji reactions on one message. */
  maxReactionsPerMessage: 20,
  /** An emoji, as sent in a reaction's path (a flag or a family is several code points). */
  maxEmojiChars: 32,
  /** DESIGN §10: typing is sent and delivered at most once per this long per person and conversation. */
  typingEveryMs: 3_000,
  /** The receiver shows "is typing" this long after the last TYPING event; a `stopped` goes only within it. */
  typingShowsForMs: 6_000,
  /** DESIGN §10: a client sends `/app/chat.read` at most once per this long per conversation. */
  readSendEveryMs: 1_000,
  /** DESIGN §10: READ goes out at most once per this long per reader and conversation (a held one later). */
  readEventEveryMs: 1_000,
  /** DESIGN §10: read marks wait this long in memory (or until readFlushBatch wait) before they are written. */
  readFlushMs: 250,
  readFlushBatch: 500,
  /** DESIGN §10: frames per second one session may send to the read and typing destinations; more are dropped. */
  readTypingFramesPerSecond: 20,
  /** A reply's quote of its original: at most this many characters. */
  replyExcerptChars: 140,
  /** Search: a query of at least this many characters (without spaces), at most searchQueryMax. */
  searchQueryMin: 2,
  searchQueryMax: 200,
  searchPageSize: 20,
  maxSearchPageSize: 50,
  /** Search: a hit's `highlight` shows at most this many characters of its message, around the first hit. */
  searchHighlightChars: 240,
} as const;

/** REST paths, exactly as SPEC §7 (chat) says; `chatFilesPrefix` is where attachments are served. */
export const chatPaths = {
  users: "/users",
  unread: (me: string) => `/unread/${encodeURIComponent(me)}`,
  readMessage: (id: number, me: string) => `/messages/${id}/read?username=${encodeURIComponent(me)}`,
  privateHistory: (user1: string, user2: string, page: number, size: number = chatLimits.pageSize) =>
    `/private/history?${new URLSearchParams({ user1, user2, page: String(page), size: String(size) })}`,
  /** DESIGN §10 catch-up: the messages after `seq`, ascending (answers a CatchUpPage). */
  privateAfter: (user1: string, user2: string, after: number, size: number = chatLimits.catchUpSize) =>
    `/private/history?${new URLSearchParams({ user1, user2, after: String(after), size: String(size) })}`,
  /** DESIGN §10 "jump to message": the page (a MessagePage) that holds message `id`. */
  privateAround: (user1: string, user2: string, id: number, size: number = chatLimits.pageSize) =>
    `/private/history?${new URLSearchParams({ user1, user2, around: String(id), size: String(size) })}`,
  markPrivateRead: (other: string, me: string) =>
    `/private/${encodeURIComponent(other)}/mark-read/${encodeURIComponent(me)}`,
  allGroups: "/api/group/all",
  myGroups: "/api/group/my-groups",
  createGroup: "/api/group/create",
  group: (id: number) => `/api/group/${id}`,
  groupMembers: (id: number) => `/api/group/${id}/updatemembers`,
  groupPermissions: (id: number) => `/api/group/${id}/permissions`,
  deleteGroup: (id: number) => `/api/group/${id}/Delete`,
  groupMessages: (id: number, page: number, size: number = chatLimits.pageSize) =>
    `/api/group/${id}/messages?page=${page}&size=${size}`,
  groupAfter: (id: number, after: number, size: number = chatLimits.catchUpSize) =>
    `/api/group/${id}/messages?after=${after}&size=${size}`,
  groupAround: (id: number, messageId: number, size: number = chatLimits.pageSize) =>
    `/api/group/${id}/messages?around=${messageId}&size=${size}`,
  getGroupMembers: (id: number) => `/api/group/${id}/getmembers`,
  markGroupRead: (id: number, me: string) => `/api/group/${id}/mark-read/${encodeURIComponent(me)}`,
  upload: "/upload",
  /** Sets the http-only cookie that lets `<img>` and download links read attachments (POST, bearer token). */
  attachmentSession: "/api/chat/attachment-session",
  chatFilesPrefix: "/api/chat/files/",
  /** DESIGN §10 actions on one message: PATCH {content} edits, DELETE leaves a tombstone. */
  message: (id: number) => `/api/chat/messages/${id}`,
  /** PUT adds my reaction, DELETE takes it back (one emoji, URL-encoded). */
  reaction: (id: number, emoji: string) => `/api/chat/messages/${id}/reactions/${encodeURIComponent(emoji)}`,
  /** Who has read a message, and when: [{username, at}] (never its sender). */
  readers: (id: number) => `/api/chat/messages/${id}/readers`,
  /** How far each other person of a conversation has read it: [{username, upToSeq, at}]. */
  reads: (conversation: ConversationKey) => `/api/chat/reads?${new URLSearchParams({ conversation })}`,
  /** DESIGN §10 search over what I may read now, newest first. */
  search: (query: { q: string; conversation?: ConversationKey; page?: number; size?: number }) =>
    `/api/chat/search?${new URLSearchParams({
      q: query.q,
      ...(query.conversation ? { conversation: query.conversation } : {}),
      page: String(query.page ?? 0),
      size: String(query.size ?? chatLimits.searchPageSize),
    })}`,
  pushSubscribe: (me: string) => `/api/push/subscribe?username=${encodeURIComponent(me)}`,
  vapidPublicKey: "/api/push/vapid-public-key",
} as const;

/** STOMP destinations of the chat (SPEC §7); presence and the errors queue are the transport's (shared/realtime.ts). */
export const chatDestinations = {
  /** The user's private queue: private messages both ways, and copies for the sender alone. */
  privateQueue: (username: string) => `/user/${username}/queue/private`,
  /** Queue name of privateQueue, as the server publishes to it. */
  privateQueueSuffix: "/queue/private",
  group: (id: number) => `/topic/group/${id}`,
  sendPrivate: "/app/chat.sendPrivateMessage",
  sendGroup: "/app/group.sendMessage",
  /** DESIGN §10: `{recipient}` or `{groupId}`; never stored, delivered as a TYPING event. */
  typing: "/app/chat.typing",
  /** DESIGN §10: `{conversation, upToSeq}`, the highest seq of that conversation shown. */
  read: "/app/chat.read",
  errorsQueue: realtimeDestinations.errorsQueue,
  userStatus: realtimeDestinations.userStatus,
  presence: realtimeDestinations.presence,
} as const;

export const messageTypes = ["PRIVATE_MESSAGE", "GROUP_MESSAGE"] as const;
export type MessageType = (typeof messageTypes)[number];

/** A user in the chat's list (GET /users): never oneself. `name` is the employee's full name. */
export const chatUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(accountKinds),
  status: z.enum(presenceStatuses),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/**
 * A conversation as DESIGN §10 names it: `private:<the other person's username>` (from the side of
 * whoever reads the name) or `group:<id>`.
 */
export type ConversationKey = `private:${string}` | `group:${number}`;

export const conversationKeySchema = z
  .string()
  .max(80)
  .regex(/^(private:[^\s:]{1,64}|group:[1-9][0-9]{0,15})$/, "A conversation is private:<username> or group:<id>")
  .transform((key) => key as ConversationKey);

export const privateConversation = (username: string): ConversationKey => `private:${username}`;
export const groupConversation = (id: number): ConversationKey => `group:${id}`;

/** What a conversation key names, or undefined when it is not one. */
export function parseConversationKey(
  key: string,
): { kind: "private"; username: string } | { kind: "group"; groupId: number } | undefined {
  const parsed = conversationKeySchema.safeParse(key);
  if (!parsed.success) return undefined;
  const [kind, rest = ""] = [
    parsed.data.slice(0, parsed.data.indexOf(":")),
    parsed.data.slice(parsed.data.indexOf(":") + 1),
  ];
  return kind === "group" ? { kind, groupId: Number(rest) } : { kind: "private", username: rest };
}

/** DESIGN §10: the original a reply quotes. `excerpt` is empty when the original was deleted. */
export const replyQuoteSchema = z.object({
  id: z.number().int(),
  sender: z.string(),
  excerpt: z.string(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

/** DESIGN §10: each emoji on a message, with who reacted with it (usernames, oldest first). */
export const reactionsSchema = z.record(z.string(), z.array(z.string()));
export type Reactions = z.infer<typeof reactionsSchema>;

/** A stored message, private or group, as the server delivers and lists it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** DESIGN §10: grows strictly within its conversation (gaps are possible); catch-up asks for `after=seq`. */
  seq: z.number().int(),
  /** The sender's own id for this message (the SEND body's `clientId`), or null. */
  clientId: z.string().nullable(),
  type: z.enum(messageTypes),
  /** The sender's username now (renames follow), or the name it had if the account was deleted. */
  sender: z.string(),
  /** DESIGN §10: the sender's account has been deleted. */
  senderRemoved: z.boolean(),
  /** Private messages: the other participant; null for group messages. */
  recipient: z.string().nullable(),
  /** Group messages: the group; null for private messages. */
  groupId: z.number().int().nullable(),
  content: z.string(),
  /** ISO 8601 UTC. */
  timestamp: z.iso.datetime(),
  fileUrl: z.string().nullable(),
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  /** DESIGN §10: when its sender last edited it (ISO), or null. */
  editedAt: z.iso.datetime().nullable(),
  /** DESIGN §10: deleted; its text and attachment are gone and it shows as a tombstone. */
  deleted: z.boolean(),
  /** DESIGN §10: the message it answers, quoted. */
  replyTo: replyQuoteSchema.nullable(),
  reactions: reactionsSchema,
  /** DESIGN §10: the group members it @mentions (usernames). */
  mentions: z.array(z.string()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** DESIGN §10 live events, on the same destinations as the messages. */
export const chatEventTypes = ["MESSAGE_UPDATED", "MESSAGE_DELETED", "REACTIONS_UPDATED", "READ", "TYPING"] as const;
export type ChatEventType = (typeof chatEventTypes)[number];

export const chatEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("MESSAGE_UPDATED"), message: chatMessageSchema }),
  z.object({ type: z.literal("MESSAGE_DELETED"), message: chatMessageSchema }),
  z.object({ type: z.literal("REACTIONS_UPDATED"), messageId: z.number().int(), reactions: reactionsSchema }),
  z.object({
    type: z.literal("READ"),
    conversation: z.string(),
    reader: z.string(),
    upToSeq: z.number().int(),
    at: z.iso.datetime(),
  }),
  z.object({ type: z.literal("TYPING"), conversation: z.string(), from: z.string(), stopped: z.boolean().optional() }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Whether something delivered on a chat destination is one of the live events (not a message). */
export const isChatEvent = (payload: { type?: unknown }): boolean =>
  (chatEventTypes as readonly unknown[]).includes(payload.type);

/** PATCH /api/chat/messages/{id}. */
export const editMessageSchema = z.object({
  content: z
    .string({ error: "A message needs text" })
    .trim()
    .min(1, "A message needs text")
    .max(chatLimits.maxContentChars, `At most ${chatLimits.maxContentChars} characters`),
});
export type EditMessageInput = z.input<typeof editMessageSchema>;

/** PUT/DELETE …/reactions/{emoji} answer the message's reactions now. */
export const reactionsResultSchema = z.object({ messageId: z.number().int(), reactions: reactionsSchema });
export type ReactionsResult = z.infer<typeof reactionsResultSchema>;

/** GET /api/chat/messages/{id}/readers: who has read it, first reader first. */
export const readerSchema = z.object({ username: z.string(), at: z.iso.datetime() });
export type Reader = z.infer<typeof readerSchema>;

/** GET /api/chat/reads: how far another person has read a conversation (their highest seq read, and since when). */
export const readMarkSchema = z.object({ username: z.string(), upToSeq: z.number().int(), at: z.iso.datetime() });
export type ReadMark = z.infer<typeof readMarkSchema>;

/** SEND /app/chat.typing. */
export const typingSchema = z.union([
  z.object({ recipient: z.string().trim().min(1).max(64), stopped: z.literal(true).optional() }).strict(),
  z.object({ groupId: z.coerce.number().int().positive(), stopped: z.literal(true).optional() }).strict(),
]);
export type TypingInput = z.infer<typeof typingSchema>;

/** SEND /app/chat.read (DESIGN §10): the highest seq of the conversation the client has shown. */
export const chatReadSchema = z
  .object({
    conversation: conversationKeySchema,
    upToSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
export type ChatReadInput = z.infer<typeof chatReadSchema>;

/**
 * The @mentions in a text: each `@name` (letters, digits, `.`, `_`, `-`) not inside a word, as
 * written; the server keeps those that name a member of the group.
 */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{1,64})/gu)) {
    const name = match[1]?.replace(/[.-]+$/, "");
    if (name) names.add(name);
  }
  return [...names];
}

/** DESIGN §4: a page of history; page 0 holds the newest `size`, ascending in time within the page. */
export const messagePageSchema = z.object({
  content: z.array(chatMessageSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  last: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** DESIGN §10 catch-up (`after=`): the messages after a `seq`, ascending; `last` when there are no more. */
export const catchUpPageSchema = z.object({
  content: z.array(chatMessageSchema),
  last: z.boolean(),
});
export type CatchUpPage = z.infer<typeof catchUpPageSchema>;

/** One unread message of mine (GET /unread/{me}); `group` is set for group messages. */
export const unreadItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(messageTypes),
  sender: z.string(),
  recipient: z.string().nullable(),
  group: z.object({ id: z.number().int() }).nullable(),
  /** DESIGN §10: the message @mentions me (the mention badge). */
  mentioned: z.boolean(),
});
export type UnreadItem = z.infer<typeof unreadItemSchema>;

/** An attachment reference in a message: as POST /upload returned it. */
const attachmentFields = {
  fileUrl: z.string().max(500).nullish(),
  fileType: z.string().max(200).nullish(),
  fileName: z.string().max(chatLimits.fileNameMax).nullish(),
};
const content = z.string().max(chatLimits.maxContentChars, `At most ${chatLimits.maxContentChars} characters`);
/** DESIGN §10: the sender's own id for the message; a second SEND with the same one stores nothing new. */
export const clientIdSchema = z
  .string()
  .min(1)
  .max(chatLimits.clientIdMaxChars, `At most ${chatLimits.clientIdMaxChars} characters`);

/** DESIGN §10: the message a SEND answers (in the same conversation). */
const replyToId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** SEND /app/chat.sendPrivateMessage. Any `sender`, `id`, `timestamp` or `type` in the body is ignored. */
export const sendPrivateSchema = z.object({
  recipient: z.string().trim().min(1, "Choose who to send to").max(64),
  content: content.optional().default(""),
  clientId: clientIdSchema.optional(),
  replyToId: replyToId.optional(),
  ...attachmentFields,
});
/** SEND /app/group.sendMessage. */
export const sendGroupSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  content: content.optional().default(""),
  clientId: clientIdSchema.optional(),
  replyToId: replyToId.optional(),
  ...attachmentFields,
});

export const chatMessages = {
  rateLimited: "You are sending messages too fast. Please wait a few seconds.",
  welcomeTitle: "Welcome to Chat",
  welcomeBody: "Select a user or group to start chatting",
  loggedOut: "Please log in to use chat.",
  noPermission: "You don't have permission to send messages",
  tooLarge: (size: string) => `File size too large. Maximum allowed size is 50MB. Your file is ${size}.`,
  uploadFailed: "File upload failed. Please try again.",
  groupInvalid: "Please enter a group name and select at least one member",
  groupFailed: "Failed to create group. Please try again.",
} as const;
