import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { conversationOf } from "./actions.ts";
import { excerptOf } from "./message-view.ts";
import { searchTerms, toTsQuery } from "./search.ts";
import type { ChatStore } from "./store/index.ts";

/**
 * Chat messages in search everything (DESIGN §15): the chat's own search (DESIGN §10) over the
 * conversations the searcher may read now, newest first; each opens its conversation around it.
 */
export const messageSearch =
  (store: ChatStore): SearchProvider =>
  async (who, q, limit) => {
    const terms = searchTerms(q);
    if (!terms) return [];
    const found = await store.searchNewest(who.id, toTsQuery(terms), limit);
    const groups = await store.groupNames([...new Set(found.flatMap((m) => (m.groupId === null ? [] : [m.groupId])))]);
    return found.map((message) => {
      const conversation = conversationOf(message, who.username);
      const where =
        message.groupId === null
          ? `private with ${conversation.slice("private:".length)}`
          : (groups.get(message.groupId) ?? "a group");
      return {
        id: message.id,
        title: excerptOf(message.content, false) || message.fileName || "Attachment",
        subtitle: `${message.sender} in ${where} · ${message.timestamp.slice(0, 10)}`,
        url: staffAddresses.conversation(conversation, message.id),
      };
    });
  };
