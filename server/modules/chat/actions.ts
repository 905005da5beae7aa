import {
  type ChatEvent,
  type ChatMessage,
  type ConversationKey,
  chatDestinations,
  chatLimits,
  groupConversation,
  parseConversationKey,
  privateConversation,
  type ReactionsResult,
  type Reader,
  type ReadMark,
} from "../../../shared/chat.ts";
import type { SearchPage } from "../../../shared/chat-search.ts";
import type { AccountKind } from "../../../shared/roles.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { mentionedReaders } from "./mentions.ts";
import type { MessageRow } from "./message-view.ts";
import type { ChatDelivery } from "./ports.ts";
import { highlight, searchTerms, toTsQuery } from "./search.ts";
import type { ConversationRow } from "./store/conversations.ts";
import type { ChatStore } from "./store/index.ts";

/** Who acts. */
export interface ChatActor {
  id: number;
  username: string;
  role: AccountKind;
}

export const actionRefusals = {
  noMessage: "No such message.",
  notSender: "Only its sender can edit a message.",
  cannotDelete: "Only its sender, or an administrator in a group, can delete a message.",
  deleted: "This message was deleted.",
  editWindow: (minutes: number) => `A message can only be edited in the first ${minutes} minutes after it was sent.`,
  tooManyReactions: `A message can have at most ${chatLimits.maxReactionsPerMessage} different reactions.`,
  notEmoji: "A reaction is one emoji.",
  noConversation: "No such conversation.",
  notYours: "You cannot read this conversation.",
  noWords: "Search for at least one word (letters or digits).",
} as const;

// `v` (Unicode sets, Node 20) reads RGI_Emoji: one emoji as keyboards send it, flags and families
// included. Built at run time: TypeScript's target (ES2022) does not know the flag in a literal.
const unicodeSets: string = "v";
const ONE_EMOJI = new RegExp("^\\p{RGI_Emoji}$", unicodeSets);

/** Whether a reaction's path segment is one emoji. */
export const isEmoji = (text: string) => text.length <= chatLimits.maxEmojiChars && ONE_EMOJI.test(text);

export interface ChatActionsOptions {
  store: ChatStore;
  realtime: ChatDelivery;
  /** DESIGN §10: CHAT_EDIT_WINDOW_MIN, in ms. */
  editWindowMs: number;
  /** Removes attachment files whose rows a deletion removed. */
  removeFiles: (keys: string[]) => Promise<void>;
}

/**
 * What people do to messages once sent (DESIGN §10): edit, delete, react, read receipts (who has
 * read; reads.ts records them), search.
 * Each action checks on the server who may do it, changes storage, then tells every open view of
 * the conversation with a live event on the destinations its messages travel.
 */
export class ChatActions {
  private readonly store: ChatStore;
  private readonly realtime: ChatDelivery;
  private readonly editWindowMs: number;
  private readonly removeFiles: (keys: string[]) => Promise<void>;

  constructor(options: ChatActionsOptions) {
    this.store = options.store;
    this.realtime = options.realtime;
    this.editWindowMs = options.editWindowMs;
    this.removeFiles = options.removeFiles;
  }

  async edit(actor: ChatActor, messageId: number, content: string): Promise<ChatMessage> {
    const { row, conversation } = await this.readable(actor, messageId);
    if (row.senderId !== actor.id) throw forbidden(actionRefusals.notSender);
    if (row.deletedAt) throw conflict(actionRefusals.deleted);
    if (Date.now() - row.createdAt.getTime() > this.editWindowMs) {
      throw forbidden(actionRefusals.editWindow(Math.round(this.editWindowMs / 60_000)));
    }
    const mentionIds = row.groupId === null ? undefined : await this.mentionIds(row.groupId, actor.id, content);
    if (!(await this.store.editMessage(row.id, content, mentionIds))) throw conflict(actionRefusals.deleted);
    const message = await this.messageOrGone(row.id);
    await this.publish(conversation, { type: "MESSAGE_UPDATED", message });
    return message;
  }

  /** Deletes a message (tombstone); deleting it again changes nothing. */
  async remove(actor: ChatActor, messageId: number): Promise<void> {
    const row = await this.store.messageFor(messageId);
    if (!row) throw notFound(actionRefusals.noMessage);
    const conversation = await this.store.conversation(row.conversationId);
    if (!conversation) throw notFound(actionRefusals.noMessage);
    // A sender may take back their message even from a group they have since left.
    if (row.senderId !== actor.id) {
      if (!(await this.canRead(actor, conversation))) throw notFound(actionRefusals.noMessage);
      if (!(row.groupId !== null && actor.role === "admin")) throw forbidden(actionRefusals.cannotDelete);
    }
    const deleted = await this.store.deleteMessage(row.id);
    if (!deleted) return;
    await this.removeFiles(deleted.attachmentKeys);
    const message = await this.messageOrGone(row.id);
    await this.publish(conversation, { type: "MESSAGE_DELETED", message });
  }

  async react(actor: ChatActor, messageId: number, emoji: string, add: boolean): Promise<ReactionsResult> {
    if (!isEmoji(emoji)) throw badRequest(actionRefusals.notEmoji);
    const { row, conversation } = await this.readable(actor, messageId);
    if (row.deletedAt) throw conflict(actionRefusals.deleted);
    let changed: boolean;
    if (add) {
      const outcome = await this.store.addReaction(row.id, actor.id, emoji, chatLimits.maxReactionsPerMessage);
      if (outcome === "deleted") throw conflict(actionRefusals.deleted);
      if (outcome === "full") throw conflict(actionRefusals.tooManyReactions);
      changed = outcome === "added";
    } else {
      changed = await this.store.removeReaction(row.id, actor.id, emoji);
    }
    const reactions = await this.store.reactions(row.id);
    if (changed) await this.publish(conversation, { type: "REACTIONS_UPDATED", messageId: row.id, reactions });
    return { messageId: row.id, reactions };
  }

  async readers(actor: ChatActor, messageId: number): Promise<Reader[]> {
    const { row } = await this.readable(actor, messageId);
    return this.store.readers(row.conversationId, row.seq, row.senderId);
  }

  /** How far the others have read a conversation (none yet: nobody). */
  async readMarks(actor: ChatActor, key: ConversationKey): Promise<ReadMark[]> {
    const conversationId = await this.conversationFor(actor, key);
    return conversationId === undefined ? [] : this.store.readMarks(conversationId, actor.id);
  }

  /** DESIGN §10 search over what the actor may read now. */
  async search(
    actor: ChatActor,
    query: { q: string; conversation?: ConversationKey; page: number; size: number },
  ): Promise<SearchPage> {
    const terms = searchTerms(query.q);
    if (!terms) throw badRequest(actionRefusals.noWords, { q: actionRefusals.noWords });
    const empty: SearchPage = { content: [], page: query.page, size: query.size, totalElements: 0, last: true };
    let conversationId: number | undefined;
    if (query.conversation !== undefined) {
      conversationId = await this.conversationFor(actor, query.conversation);
      if (conversationId === undefined) return empty;
    }
    const found = await this.store.search(actor.id, toTsQuery(terms), conversationId, query.page, query.size);
    return {
      content: found.messages.map((message) => ({
        message,
        conversation: conversationOf(message, actor.username),
        highlight: highlight(message.content, terms),
      })),
      page: query.page,
      size: query.size,
      totalElements: found.total,
      last: (query.page + 1) * query.size >= found.total,
    };
  }

  /** The message and its conversation, when the actor may read it (404 otherwise: its existence is not theirs to know). */
  private async readable(
    actor: ChatActor,
    messageId: number,
  ): Promise<{ row: MessageRow; conversation: ConversationRow }> {
    const row = await this.store.messageFor(messageId);
    const conversation = row && (await this.store.conversation(row.conversationId));
    if (!row || !conversation || !(await this.canRead(actor, conversation))) {
      throw notFound(actionRefusals.noMessage);
    }
    return { row, conversation };
  }

  /** The conversation a key names for the actor: undefined when there is none yet; 403/404 when not theirs. */
  private async conversationFor(actor: ChatActor, key: ConversationKey): Promise<number | undefined> {
    const parsed = parseConversationKey(key);
    if (!parsed) throw badRequest(actionRefusals.noConversation);
    if (parsed.kind === "private") return this.store.privateConversation(actor.id, parsed.username);
    const rule = await this.store.groupRuleFor(parsed.groupId, actor.id);
    if (!rule) throw notFound(actionRefusals.noConversation);
    if (!rule.isMember && actor.role !== "admin") throw forbidden(actionRefusals.notYours);
    return this.store.groupConversation(parsed.groupId);
  }

  /** Its two people; a group's members, and administrators (who may read any group). */
  private async canRead(actor: ChatActor, conversation: ConversationRow): Promise<boolean> {
    if (conversation.groupId !== null && actor.role === "admin") return true;
    return this.isParticipant(actor, conversation);
  }

  private async isParticipant(actor: ChatActor, conversation: ConversationRow): Promise<boolean> {
    if (conversation.groupId === null) return conversation.userLow === actor.id || conversation.userHigh === actor.id;
    return this.store.isMember(conversation.groupId, actor.id);
  }

  /** The members of a group a text @mentions (never its author). */
  private async mentionIds(groupId: number, authorId: number, content: string): Promise<number[]> {
    const readers = (await this.store.members(groupId)).filter((member) => member.id !== authorId);
    return mentionedReaders(readers, content).map((member) => member.id);
  }

  private async messageOrGone(id: number): Promise<ChatMessage> {
    const message = await this.store.message(id);
    if (!message) throw notFound(actionRefusals.noMessage);
    return message;
  }

  /** An event to every open view of a conversation: its group topic, or both people's private queues. */
  private async publish(conversation: ConversationRow, event: ChatEvent): Promise<void> {
    if (conversation.groupId !== null) {
      await this.realtime.publishToTopic(chatDestinations.group(conversation.groupId), event);
      return;
    }
    const ids = [conversation.userLow, conversation.userHigh].filter((id): id is number => id !== null);
    const names = await this.store.usernames(ids);
    await Promise.all(
      [...names.values()].map((name) => this.realtime.publishToUser(name, chatDestinations.privateQueueSuffix, event)),
    );
  }
}

/** The conversation a message belongs to, named from `me`'s side. */
export function conversationOf(message: ChatMessage, me: string): ConversationKey {
  if (message.groupId !== null) return groupConversation(message.groupId);
  const other = message.sender.toLowerCase() === me.toLowerCase() ? message.recipient : message.sender;
  return privateConversation(other ?? "");
}
