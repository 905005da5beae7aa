import { describe, expect, it, vi } from "vitest";
import type { AccountRef } from "../../plugins/account-events.ts";
import { ActiveAccounts } from "./active-accounts.ts";

const bob: AccountRef = { id: 2, username: "bob" };

/** A lookup that knows `accounts` (by lower-case name) and records each call. */
function lookupOf(accounts: AccountRef[]) {
  return vi.fn(async (names: readonly string[]) => {
    const found = new Map<string, AccountRef>();
    for (const name of names) {
      const account = accounts.find((candidate) => candidate.username === name);
      if (account) found.set(name, account);
    }
    return found;
  });
}

describe("ActiveAccounts", () => {
  it("asks once for the names of one turn of the event loop, whatever their case", async () => {
    const lookup = lookupOf([bob]);
    const accounts = new ActiveAccounts(lookup);
    const found = await Promise.all([accounts.find("bob"), accounts.find("BOB"), accounts.find("nobody")]);
    expect(found).toEqual([bob, bob, undefined]);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith(["bob", "nobody"]);
  });

  it("remembers a yes but not a no, and forgets an account when told", async () => {
    const lookup = lookupOf([bob]);
    const accounts = new ActiveAccounts(lookup);
    await accounts.find("bob");
    await accounts.find("nobody");
    expect(await accounts.find("Bob")).toEqual(bob);
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(await accounts.find("nobody")).toBeUndefined();
    expect(lookup).toHaveBeenCalledTimes(3);
    accounts.forget({ id: bob.id, username: "robert" });
    await accounts.find("bob");
    expect(lookup).toHaveBeenCalledTimes(4);
  });

  it("fails every waiting lookup when the query fails, and asks again next time", async () => {
    const lookup = vi.fn<(names: readonly string[]) => Promise<Map<string, AccountRef>>>();
    lookup.mockRejectedValueOnce(new Error("database down"));
    lookup.mockResolvedValueOnce(new Map([["bob", bob]]));
    const accounts = new ActiveAccounts(lookup);
    const outcomes = await Promise.allSettled([accounts.find("bob"), accounts.find("carol")]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(await accounts.find("bob")).toEqual(bob);
  });
});
