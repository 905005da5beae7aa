import type { Db } from "../../../db/client.ts";
import { accountStore } from "./accounts.ts";
import { attachmentStore } from "./attachments.ts";
import { conversationStore } from "./conversations.ts";
import { groupStore } from "./groups.ts";
import { messageStore } from "./messages.ts";
import { pushStore } from "./push.ts";
import { reactionStore } from "./reactions.ts";
import { readStore } from "./reads.ts";
import { searchStore } from "./search.ts";

/**
 * Chat storage, one aggregate a file: accounts as chat users, conversations and their messages,
 * reads, reactions, search, groups, attachments, push subscriptions. People are account ids here;
 * usernames are resolved at the edge (REST paths, SEND bodies) and joined back in for display.
 */
export function chatStore(db: Db) {
  return {
    ...accountStore(db),
    ...conversationStore(db),
    ...messageStore(db),
    ...readStore(db),
    ...reactionStore(db),
    ...searchStore(db),
    ...groupStore(db),
    ...attachmentStore(db),
    ...pushStore(db),
  };
}

export type ChatStore = ReturnType<typeof chatStore>;
