import type { z } from "zod";
import {
  type ChatMessage,
  chatDestinations,
  chatLimits,
  chatMessages,
  chatPaths,
  groupConversation,
  type PresenceStatus,
  privateConversation,
  type ReplyQuote,
  type sendGroupSchema,
  type sendPrivateSchema,
  type TypingInput,
} from "../../../shared/chat.ts";
import { canSendInGroup } from "../../../shared/chat-groups.ts";
import type { MessagePushPayload, PushPayload } from "../../../shared/chat-push.ts";
import type { RefusalCode } from "../../../shared/realtime.ts";
import type { AccountKind } from "../../../shared/roles.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { isStorageKey } from "../../lib/uploads.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import type { Notice } from "../../plugins/notifications.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import { ActiveAccounts } from "./active-accounts.ts";
import { mentionedReaders } from "./mentions.ts";
import { excerptOf, type MessageRow, storedMessage } from "./message-view.ts";
import type { MessageWriter, NewMessage, WriteResult } from "./message-writer.ts";
import type { ChatDelivery } from "./ports.ts";
import { type PushService, previewOf } from "./push.ts";
import type { GroupRule } from "./store/groups.ts";
import type { ChatStore } from "./store/index.ts";

export interface ChatSender {
  id: number;
  username: string;
  role: AccountKind;
}

type PrivateInput = z.output<typeof sendPrivateSchema>;
type GroupInput = z.output<typeof sendGroupSchema>;

export const chatRefusals = {
  empty: "A message needs text or a file.",
  noRecipient: "There is no such user to send to.",
  toSelf: "You cannot send a message to yourself.",
  noGroup: "There is no such group.",
  notMember: "You are not a member of this group.",
  noPermission: "You don't have permission to send messages in this group.",
  badAttachment: "That attachment is not one of your uploads.",
  badReply: "You can only reply to a message in the same conversation.",
  rateLimited: chatMessages.rateLimited,
} as const;

/** A refused SEND (DESIGN §10): the code says why, and the SEND's own clientId comes back with it. */
export function chatRefusal(message: string, code: RefusalCode, clientId?: string): RealtimeRefusal {
  return new RealtimeRefusal(message, { code, details: clientId === undefined ? undefined : { clientId } });
}

/** The key of one of our attachment URLs (`/api/chat/files/{key}`), or undefined. */
export function attachmentKeyOf(fileUrl: string): string | undefined {
  if (!fileUrl.startsWith(chatPaths.chatFilesPrefix)) return undefined;
  const key = fileUrl.slice(chatPaths.chatFilesPrefix.length);
  return isStorageKey(key) ? key : undefined;
}

/**
 * SPEC §5's group sending rule, keyed by account id: a name can pass to a new account, an id never
 * does (a deleted creator's name must not make its next holder the group's admin).
 */
export function canSendByIds(sender: ChatSender, rule: GroupRule): boolean {
  const key = String(sender.id);
  return canSendInGroup(
    { username: key, role: sender.role },
    {
      createdBy: rule.createdById === null ? "" : String(rule.createdById),
      adminOnlyMessage: rule.adminOnlyMessage,
      allowedSenders: rule.allowedSenderIds.map(String),
    },
  );
}

export interface ChatLogger {
  warn(object: object, message?: string): void;
}

export interface ChatServiceOptions {
  store: ChatStore;
  writer: MessageWriter;
  realtime: ChatDelivery;
  push: PushService;
  log: ChatLogger;
  /** Presence of these users, on every instance (for web push to those offline). */
  getStatuses: (usernames: readonly string[]) => Promise<Map<string, PresenceStatus>>;
  /** Told of each new message handed to the transport for all its recipients (the metrics' chat_messages_delivered_total). */
  onDelivered?: (count: number) => void;
  /** Makes a stored notification (DESIGN §15: `mention`), after the message is stored and delivered. */
  notify?: (recipientIds: readonly number[], notice: Notice) => void;
}

/**
 * Sending (DESIGN §7, §10): the server stamps id, sender, timestamp, type and seq, checks the rules,
 * stores, then delivers: a private message to both sides' queues, a group message to its topic. A
 * SEND repeating a clientId stores nothing and gets the stored message again, on the sender's own
 * queue only. Users with no connected session get a web push.
 */
export class ChatService {
  /** When each person last had a TYPING (not `stopped`) delivered, and whether a `stopped` followed it. */
  private readonly typingSent = new Map<string, { at: number; stopped: boolean }>();
  private readonly activeAccounts: ActiveAccounts;
  private readonly store: ChatStore;
  private readonly writer: MessageWriter;
  private readonly realtime: ChatDelivery;
  private readonly push: PushService;
  private readonly log: ChatLogger;
  private readonly getStatuses: ChatServiceOptions["getStatuses"];
  private readonly onDelivered: (count: number) => void;
  private readonly notify: NonNullable<ChatServiceOptions["notify"]>;

  constructor(options: ChatServiceOptions) {
    this.store = options.store;
    this.writer = options.writer;
    this.realtime = options.realtime;
    this.push = options.push;
    this.log = options.log;
    this.getStatuses = options.getStatuses;
    this.onDelivered = options.onDelivered ?? (() => {});
    this.notify = options.notify ?? (() => {});
    this.activeAccounts = new ActiveAccounts((names) => this.store.activeAccounts(names));
  }

  async sendPrivate(sender: ChatSender, input: PrivateInput): Promise<ChatMessage> {
    const clientId = input.clientId;
    if (input.recipient.toLowerCase() === sender.username.toLowerCase()) {
      throw chatRefusal(chatRefusals.toSelf, "INVALID", clientId);
    }
    const [attachment, recipient, original] = await Promise.all([
      this.attachment(sender, input, clientId),
      this.activeAccount(input.recipient),
      this.original(input.replyToId, clientId),
    ]);
    if (!recipient) throw chatRefusal(chatRefusals.noRecipient, "NOT_FOUND", clientId);
    if (recipient.id === sender.id) throw chatRefusal(chatRefusals.toSelf, "INVALID", clientId);
    const content = this.content(input.content, attachment, clientId);
    const pair = (a: number | null, b: number | null) =>
      (a === sender.id && b === recipient.id) || (a === recipient.id && b === sender.id);
    if (original && !(original.groupId === null && pair(original.senderId, original.recipientId))) {
      throw chatRefusal(chatRefusals.badReply, "INVALID", clientId);
    }
    const reply = original && quoteOf(original, [sender, recipient]);

    const result = await this.writer.write(
      { type: "PRIVATE_MESSAGE", sender, recipient, clientId, content, replyToId: original?.id, ...attachment },
      [recipient.id],
    );
    const message = await this.outcome(result, sender, clientId, { reply });
    if (result.status === "duplicate") return message;
    await Promise.all([
      this.realtime.publishToUser(recipient.username, chatDestinations.privateQueueSuffix, message),
      this.realtime.publishToUser(sender.username, chatDestinations.privateQueueSuffix, message),
      attachment.fileUrl ? this.markSent(attachment.fileUrl) : undefined,
    ]);
    this.onDelivered(1);
    this.pushToOffline([recipient], message, { kind: "user", username: sender.username }, sender.username);
    return message;
  }

  async sendGroup(sender: ChatSender, input: GroupInput): Promise<ChatMessage> {
    const clientId = input.clientId;
    const [rule, members, attachment, original] = await Promise.all([
      this.store.groupRuleFor(input.groupId, sender.id),
      this.store.members(input.groupId),
      this.attachment(sender, input, clientId),
      this.original(input.replyToId, clientId),
    ]);
    if (!rule) throw chatRefusal(chatRefusals.noGroup, "NOT_FOUND", clientId);
    if (!rule.isMember && sender.role !== "admin") throw chatRefusal(chatRefusals.notMember, "FORBIDDEN", clientId);
    if (!canSendByIds(sender, rule)) throw chatRefusal(chatRefusals.noPermission, "FORBIDDEN", clientId);
    const content = this.content(input.content, attachment, clientId);
    if (original && original.groupId !== input.groupId) throw chatRefusal(chatRefusals.badReply, "INVALID", clientId);
    const reply = original && quoteOf(original, members);

    const readers = members.filter((member) => member.id !== sender.id);
    const mentioned = mentionedReaders(readers, content);
    const result = await this.writer.write(
      {
        type: "GROUP_MESSAGE",
        sender,
        groupId: input.groupId,
        clientId,
        content,
        replyToId: original?.id,
        mentionIds: mentioned.map((reader) => reader.id),
        ...attachment,
      },
      readers.map((reader) => reader.id),
    );
    const message = await this.outcome(result, sender, clientId, {
      reply,
      mentions: mentioned.map((reader) => reader.username).sort(),
    });
    if (result.status === "duplicate") return message;
    await Promise.all([
      this.realtime.publishToTopic(chatDestinations.group(input.groupId), message),
      attachment.fileUrl ? this.markSent(attachment.fileUrl) : undefined,
    ]);
    this.onDelivered(1);
    const chat = { kind: "group", groupId: input.groupId } as const;
    const others = readers.filter((reader) => !mentioned.includes(reader));
    this.pushToOffline(others, message, chat, `${sender.username} in ${rule.name}`);
    this.pushToOffline(mentioned, message, chat, `${sender.username} mentioned you in ${rule.name}`);
    if (mentioned.length > 0) {
      this.notify(
        mentioned.map((reader) => reader.id),
        {
          kind: "mention",
          title: `${sender.username} mentioned you in ${rule.name}: ${excerptOf(content, false)}`,
          url: staffAddresses.conversation(groupConversation(input.groupId), message.id),
        },
      );
    }
    return message;
  }

  /**
   * The message a write stands for, or the refusal. A duplicate is delivered again to its sender
   * alone (its first delivery may be what a reconnect lost); the others had it already.
   */
  private async outcome(
    result: WriteResult,
    sender: ChatSender,
    clientId: string | undefined,
    extra: { reply?: ReplyQuote; mentions?: string[] } = {},
  ): Promise<ChatMessage> {
    switch (result.status) {
      case "stored":
        return storedMessage(result.row, extra);
      case "rate-limited":
        throw chatRefusal(chatRefusals.rateLimited, "RATE_LIMITED", clientId);
      case "no-conversation":
        throw chatRefusal(chatRefusals.noGroup, "NOT_FOUND", clientId);
      case "duplicate": {
        const message = await this.store.message(result.messageId);
        if (!message) throw chatRefusal(chatRefusals.noGroup, "NOT_FOUND", clientId);
        await this.realtime.publishToUser(sender.username, chatDestinations.privateQueueSuffix, message);
        return message;
      }
    }
  }

  /**
   * DESIGN §10 typing: to the other person, or the group; never stored. At most one TYPING per
   * `typingEveryMs` per person and conversation (on this instance) goes out, more are dropped; a
   * `stopped` goes only if a TYPING went out for that pair in the last `typingShowsForMs`, once.
   */
  async typing(sender: ChatSender, input: TypingInput): Promise<void> {
    const key =
      "recipient" in input ? `${sender.id}:u:${input.recipient.toLowerCase()}` : `${sender.id}:g:${input.groupId}`;
    const now = Date.now();
    const last = this.typingSent.get(key);
    if (input.stopped) {
      if (!last || last.stopped || now - last.at >= chatLimits.typingShowsForMs) return;
      last.stopped = true;
      await this.deliverTyping(sender, input);
      return;
    }
    if (last && now - last.at < chatLimits.typingEveryMs) return;
    if (this.typingSent.size >= 10_000) {
      for (const [k, sent] of this.typingSent)
        if (now - sent.at >= chatLimits.typingShowsForMs) this.typingSent.delete(k);
    }
    const sent = { at: now, stopped: false };
    this.typingSent.set(key, sent);
    try {
      await this.deliverTyping(sender, input);
    } catch (error) {
      // Refused: nothing went out, so the next one is checked (and refused) again, not dropped unheard.
      if (this.typingSent.get(key) === sent) this.typingSent.delete(key);
      throw error;
    }
  }

  private async deliverTyping(sender: ChatSender, input: TypingInput): Promise<void> {
    if ("recipient" in input) {
      const recipient = await this.activeAccount(input.recipient);
      if (!recipient || recipient.id === sender.id) throw chatRefusal(chatRefusals.noRecipient, "NOT_FOUND");
      await this.realtime.publishToUser(recipient.username, chatDestinations.privateQueueSuffix, {
        type: "TYPING",
        conversation: privateConversation(sender.username),
        from: sender.username,
        ...(input.stopped ? { stopped: true } : {}),
      });
      return;
    }
    const rule = await this.store.groupRuleFor(input.groupId, sender.id);
    if (!rule) throw chatRefusal(chatRefusals.noGroup, "NOT_FOUND");
    if (!rule.isMember && sender.role !== "admin") throw chatRefusal(chatRefusals.notMember, "FORBIDDEN");
    if (!canSendByIds(sender, rule)) throw chatRefusal(chatRefusals.noPermission, "FORBIDDEN");
    await this.realtime.publishToTopic(chatDestinations.group(input.groupId), {
      type: "TYPING",
      conversation: groupConversation(input.groupId),
      from: sender.username,
      ...(input.stopped ? { stopped: true } : {}),
    });
  }

  /** The message a reply answers, as stored; undefined when it does not reply; refused when there is no such message. */
  private async original(replyToId: number | undefined, clientId: string | undefined): Promise<MessageRow | undefined> {
    if (replyToId === undefined) return undefined;
    const row = await this.store.messageFor(replyToId);
    if (!row) throw chatRefusal(chatRefusals.badReply, "INVALID", clientId);
    return row;
  }

  /** The active account called `name` (see ActiveAccounts). */
  private activeAccount(name: string): Promise<AccountRef | undefined> {
    // Connected here: active, and the transport knows the id (no query on the busiest path).
    const connected = this.realtime.connectedUser(name);
    if (connected) return Promise.resolve({ id: connected.id, username: connected.username });
    return this.activeAccounts.find(name);
  }

  /** Forget what is known about an account (disabled, deleted, renamed). */
  forgetAccount(account: AccountRef) {
    this.activeAccounts.forget(account);
  }

  /** Text trimmed; a file alone sends its name (SPEC §5). */
  private content(raw: string, attachment: Pick<NewMessage, "fileName">, clientId: string | undefined): string {
    const text = raw.trim();
    if (text) return text;
    if (attachment.fileName) return attachment.fileName;
    throw chatRefusal(chatRefusals.empty, "INVALID", clientId);
  }

  /** The attachment fields of a message, from our own record of the upload (never from the client's words). */
  private async attachment(
    sender: ChatSender,
    input: { fileUrl?: string | null },
    clientId: string | undefined,
  ): Promise<Pick<NewMessage, "fileUrl" | "fileType" | "fileName">> {
    if (!input.fileUrl) return { fileUrl: null, fileType: null, fileName: null };
    const key = attachmentKeyOf(input.fileUrl);
    const row = key ? await this.store.attachment(key) : undefined;
    if (!row || !(await this.store.canReadAttachment(input.fileUrl, row.uploaderId, sender))) {
      throw chatRefusal(chatRefusals.badAttachment, "FORBIDDEN", clientId);
    }
    return { fileUrl: input.fileUrl, fileType: row.contentType, fileName: row.fileName };
  }

  private async markSent(fileUrl: string) {
    const key = attachmentKeyOf(fileUrl);
    if (key) await this.store.markAttachmentSent(key);
  }

  /** A push for each reader with no connected session; never delays or fails the send. */
  private pushToOffline(readers: AccountRef[], message: ChatMessage, chat: MessagePushPayload["chat"], title: string) {
    const body = message.fileName && message.content === message.fileName ? `📎 ${message.fileName}` : message.content;
    this.pushWhenOffline(readers, { title, body: previewOf(body), chat, messageId: message.id });
  }

  /**
   * Web push to those of `readers` who are offline (no session on any instance): a chat message, or
   * a notification (DESIGN §15) for someone who is not on a staff page. Never throws: logged.
   */
  pushWhenOffline(readers: readonly AccountRef[], payload: PushPayload): void {
    if (readers.length === 0) return;
    // Someone connected here is not offline: only the others need the (cross-instance) presence.
    const elsewhere = readers.filter((reader) => !this.realtime.isConnectedHere(reader.username));
    if (elsewhere.length === 0) return;
    void (async () => {
      const statuses = await this.getStatuses(elsewhere.map((reader) => reader.username));
      const offline = elsewhere.filter((reader) => (statuses.get(reader.username) ?? "OFFLINE") === "OFFLINE");
      if (offline.length === 0) return;
      await this.push.notify(
        offline.map((reader) => reader.id),
        payload,
      );
    })().catch((error: unknown) => this.log.warn({ err: error }, "web push failed"));
  }
}

/** A reply's quote of its original; the sender named as the people at hand are called now. */
function quoteOf(original: MessageRow, people: readonly AccountRef[]): ReplyQuote {
  const sender = people.find((person) => person.id === original.senderId)?.username ?? original.senderName;
  return { id: original.id, sender, excerpt: excerptOf(original.content, original.deletedAt !== null) };
}
