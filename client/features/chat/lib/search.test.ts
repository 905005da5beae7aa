import { describe, expect, it } from "vitest";
import { chatLimits } from "../../../../shared/chat.ts";
import type { SearchHit } from "../../../../shared/chat-search.ts";
import { groupHits, resultsLabel, searchQuery, searchStatus } from "./search.ts";
import { groupMessage, message } from "./test-messages.ts";

const hit = (m: ReturnType<typeof message>, conversation: string): SearchHit => ({
  message: m,
  conversation,
  highlight: m.content,
});

describe("searchQuery", () => {
  it("searches from the minimum length, not counting spaces", () => {
    expect(chatLimits.searchQueryMin).toBe(2);
    expect(searchQuery("")).toBeNull();
    expect(searchQuery("a")).toBeNull();
    expect(searchQuery(" a  ")).toBeNull();
    expect(searchQuery("a b")).toBe("a b");
    expect(searchQuery("  ab ")).toBe("ab");
  });

  it("does not send a query longer than the server takes", () => {
    expect(searchQuery("x".repeat(chatLimits.searchQueryMax))).toHaveLength(chatLimits.searchQueryMax);
    expect(searchQuery("x".repeat(chatLimits.searchQueryMax + 1))).toBeNull();
  });
});

describe("groupHits", () => {
  it("groups by conversation in the order of each one's newest hit", () => {
    const hits = [
      hit(groupMessage(9, 5, { sender: "bob" }), "group:5"),
      hit(message(8, { sender: "alice" }), "private:alice"),
      hit(groupMessage(7, 5, { sender: "carol" }), "group:5"),
      hit(message(6, { sender: "me", recipient: "Alice" }), "private:Alice"),
      hit(message(5, { sender: "dave" }), "private:dave"),
    ];
    const groups = groupHits(hits);
    expect(groups.map((group) => [group.key, group.hits.map((h) => h.message.id)])).toEqual([
      ["group:5", [9, 7]],
      // Usernames are one person whatever their case.
      ["user:alice", [8, 6]],
      ["user:dave", [5]],
    ]);
    expect(groups[0]?.chat).toEqual({ kind: "group", groupId: 5 });
  });

  it("shows a message once when paging listed it twice, and skips unknown conversations", () => {
    const hits = [
      hit(message(3), "private:alice"),
      hit(message(2), "private:alice"),
      hit(message(2), "private:alice"),
      hit(message(1), "nowhere"),
      hit(message(0), "group:0"),
    ];
    expect(groupHits(hits).map((group) => group.hits.length)).toEqual([2]);
    expect(groupHits([])).toEqual([]);
  });
});

describe("resultsLabel", () => {
  it("counts results in words", () => {
    expect(resultsLabel(0)).toBe("0 results");
    expect(resultsLabel(1)).toBe("1 result");
    expect(resultsLabel(12)).toBe("12 results");
  });
});

describe("searchStatus", () => {
  const answered = { waiting: false, failed: false, total: 3, query: "beam" };

  it("says it is searching, then whether it failed, found nothing or how many", () => {
    expect(searchStatus({ ...answered, waiting: true, failed: true })).toBe("Searching…");
    expect(searchStatus({ ...answered, failed: true })).toBe("Could not search messages.");
    expect(searchStatus({ ...answered, total: 0 })).toBe("No messages match “beam”");
    expect(searchStatus(answered)).toBe("3 results");
  });
});
