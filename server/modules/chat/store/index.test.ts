import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client.ts";
import { accountStore } from "./accounts.ts";
import { attachmentStore } from "./attachments.ts";
import { conversationStore } from "./conversations.ts";
import { groupStore } from "./groups.ts";
import { chatStore } from "./index.ts";
import { messageStore } from "./messages.ts";
import { pushStore } from "./push.ts";
import { reactionStore } from "./reactions.ts";
import { readStore } from "./reads.ts";
import { searchStore } from "./search.ts";

describe("the chat store", () => {
  it("keeps every aggregate's methods: no name of one hides another's", () => {
    // Building a store runs no query: a database that is never called will do.
    const db = {} as Db;
    const parts = [
      accountStore,
      conversationStore,
      messageStore,
      readStore,
      reactionStore,
      searchStore,
      groupStore,
      attachmentStore,
      pushStore,
    ].flatMap((store) => Object.keys(store(db)));
    expect(new Set(parts).size).toBe(parts.length);
    expect(Object.keys(chatStore(db)).sort()).toEqual([...parts].sort());
  });
});
