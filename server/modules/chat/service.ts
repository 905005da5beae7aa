import type { z } from "zod";
import {
  type ChatMessage,
  canSendInGroup,
  chatPaths,
  type PushPayload,
  type sendGroupSchema,
  type sendPrivateSchema,
} from "../../../shared/chat.ts";
import type { AccountKind } from "../../../shared/roles.ts";
import { isStorageKey } from "../../lib/uploads.ts";
import type { Realtime } from "../../realtime/realtime.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import type { MessageWriter, NewMessage } from "./message-writer.ts";
import { type PushService, previewOf } from "./push.ts";
import { type ChatRepository, toChatMessage } from "./repository.ts";

export interface ChatSender {
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
} as const;

/** The key of one of our attachment URLs (`/api/chat/files/{key}`), or undefined. */
export function attachmentKeyOf(fileUrl: string): string | undefined {
  if (!fileUrl.startsWith(chatPaths.chatFilesPrefix)) return undefined;
  const key = fileUrl.slice(chatPaths.chatFilesPrefix.length);
  return isStorageKey(key) ? key : undefined;
}

const ACTIVE_RECIPIENT_TTL_MS = 10_000;

export interface ChatLogger {
  warn(object: object, message?: string): void;
}

/**
 * Sending (DESIGN §7): the server stamps id, sender, timestamp and type, checks the rules, stores,
 * then delivers: a private message to both sides' queues, a group message to its topic. Users with
 * no connected session get a web push.
 */
export class ChatService {
  /** Recipients known to be active accounts, until when (ms): saves a query per message under load. */
  private readonly activeRecipients = new Map<string, number>();
  /** Recipients to look up at the end of this turn of the event loop, with who waits for each. */
  private pendingLookups:
    | Map<string, { resolve: (active: boolean) => void; reject: (error: unknown) => void }[]>
    | undefined;

  constructor(
    private readonly repository: ChatRepository,
    private readonly writer: MessageWriter,
    private readonly realtime: Realtime,
    private readonly push: PushService,
    private readonly log: ChatLogger,
  ) {}

  async sendPrivate(sender: ChatSender, input: PrivateInput): Promise<ChatMessage> {
    const recipient = input.recipient;
    if (recipient === sender.username) throw new RealtimeRefusal(chatRefusals.toSelf);
    const [attachment, active] = await Promise.all([this.attachment(sender, input), this.isActive(recipient)]);
    if (!active) throw new RealtimeRefusal(chatRefusals.noRecipient);
    const content = this.content(input.content, attachment);

    const row = await this.writer.write(
      { type: "PRIVATE_MESSAGE", sender: sender.username, recipient, content, ...attachment },
      [recipient],
    );
    const message = toChatMessage(row);
    await Promise.all([
      this.realtime.publishToUser(recipient, "/queue/private", message),
      this.realtime.publishToUser(sender.username, "/queue/private", message),
      attachment.fileUrl ? this.markSent(attachment.fileUrl) : undefined,
    ]);
    this.pushToOffline([recipient], message, { kind: "user", username: sender.username }, sender.username);
    return message;
  }

  async sendGroup(sender: ChatSender, input: GroupInput): Promise<ChatMessage> {
    const [rule, members, attachment] = await Promise.all([
      this.repository.groupRuleFor(input.groupId, sender.username),
      this.repository.memberNames(input.groupId),
      this.attachment(sender, input),
    ]);
    if (!rule) throw new RealtimeRefusal(chatRefusals.noGroup);
    if (!rule.isMember && sender.role !== "admin") throw new RealtimeRefusal(chatRefusals.notMember);
    if (!canSendInGroup(sender, rule)) throw new RealtimeRefusal(chatRefusals.noPermission);
    const content = this.content(input.content, attachment);

    const readers = members.filter((name) => name !== sender.username);
    const row = await this.writer.write(
      { type: "GROUP_MESSAGE", sender: sender.username, groupId: input.groupId, content, ...attachment },
      readers,
    );
    const message = toChatMessage(row);
    await Promise.all([
      this.realtime.publishToGroup(input.groupId, message),
      attachment.fileUrl ? this.markSent(attachment.fileUrl) : undefined,
    ]);
    this.pushToOffline(
      readers,
      message,
      { kind: "group", groupId: input.groupId },
      `${sender.username} in ${rule.name}`,
    );
    return message;
  }

  /**
   * Whether `username` is an active account: one connected here is; otherwise the database says,
   * and a yes is remembered for a few seconds (a disabled or deleted account may still be sent to
   * that long, harmlessly: it cannot log in to read it), the lookups of one turn of the event loop
   * sharing one query.
   */
  private isActive(username: string): Promise<boolean> {
    if (this.realtime.isConnectedHere(username)) return Promise.resolve(true);
    if ((this.activeRecipients.get(username) ?? 0) > Date.now()) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      if (!this.pendingLookups) {
        this.pendingLookups = new Map();
        setImmediate(() => void this.runLookups());
      }
      const waiting = this.pendingLookups.get(username) ?? [];
      waiting.push({ resolve, reject });
      this.pendingLookups.set(username, waiting);
    });
  }

  /** The lookups asked for in one turn of the event loop, as one query. */
  private async runLookups(): Promise<void> {
    const batch = this.pendingLookups;
    this.pendingLookups = undefined;
    if (!batch) return;
    try {
      const active = await this.repository.activeUsernames([...batch.keys()]);
      const until = Date.now() + ACTIVE_RECIPIENT_TTL_MS;
      if (this.activeRecipients.size > 50_000) this.activeRecipients.clear();
      for (const [name, waiting] of batch) {
        if (active.has(name)) this.activeRecipients.set(name, until);
        else this.activeRecipients.delete(name);
        for (const w of waiting) w.resolve(active.has(name));
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }

  /** Forget what is known about an account (disabled, deleted, renamed). */
  forgetAccount(username: string) {
    this.activeRecipients.delete(username);
  }

  /** Text trimmed; a file alone sends its name (SPEC §5). */
  private content(raw: string, attachment: Pick<NewMessage, "fileName">): string {
    const text = raw.trim();
    if (text) return text;
    if (attachment.fileName) return attachment.fileName;
    throw new RealtimeRefusal(chatRefusals.empty);
  }

  /** The attachment fields of a message, from our own record of the upload (never from the client's words). */
  private async attachment(
    sender: ChatSender,
    input: { fileUrl?: string | null },
  ): Promise<Pick<NewMessage, "fileUrl" | "fileType" | "fileName">> {
    if (!input.fileUrl) return { fileUrl: null, fileType: null, fileName: null };
    const key = attachmentKeyOf(input.fileUrl);
    const row = key ? await this.repository.attachment(key) : undefined;
    if (!row || !(await this.repository.canReadAttachment(input.fileUrl, row.uploader, sender))) {
      throw new RealtimeRefusal(chatRefusals.badAttachment);
    }
    return { fileUrl: input.fileUrl, fileType: row.contentType, fileName: row.fileName };
  }

  private async markSent(fileUrl: string) {
    const key = attachmentKeyOf(fileUrl);
    if (key) await this.repository.markAttachmentSent(key);
  }

  /** A push for each reader with no connected session; never delays or fails the send. */
  private pushToOffline(readers: string[], message: ChatMessage, chat: PushPayload["chat"], title: string) {
    if (readers.length === 0) return;
    // Someone connected here is not offline: only the others need the (cross-instance) presence.
    const elsewhere = readers.filter((name) => !this.realtime.isConnectedHere(name));
    if (elsewhere.length === 0) return;
    void (async () => {
      const statuses = await this.realtime.getStatuses(elsewhere);
      const offline = elsewhere.filter((name) => (statuses.get(name) ?? "OFFLINE") === "OFFLINE");
      if (offline.length === 0) return;
      const body =
        message.fileName && message.content === message.fileName ? `📎 ${message.fileName}` : message.content;
      await this.push.notify(offline, { title, body: previewOf(body), chat, messageId: message.id });
    })().catch((error: unknown) => this.log.warn({ err: error }, "push after send failed"));
  }
}
