import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { holdingDeletions } from "./deletion-hold.ts";
import { diskStore } from "./disk-store.ts";
import type { ObjectStore } from "./object-store.ts";

const root = mkdtempSync(path.join(tmpdir(), "nb-hold-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const put = (store: ObjectStore, key: string, text: string) =>
  store.put(key, Readable.from([Buffer.from(text)]), { contentType: "text/plain" });
const keys = async (store: ObjectStore) => {
  const found: string[] = [];
  for await (const object of store.list("")) found.push(object.key);
  return found.sort();
};

describe("holding deletions back during a backup", () => {
  it("hides a removal from the app at once, keeps the object for the backup, and removes it at release", async () => {
    const disk = diskStore(path.join(root, "a"));
    const store = holdingDeletions(disk);
    await put(store, "shares/one", "1");
    await put(store, "shares/two", "2");

    const hold = await store.holdDeletions();
    await store.remove("shares/one");
    expect(await store.get("shares/one")).toBeUndefined();
    expect(await store.stat("shares/one")).toBeUndefined();
    expect(await keys(store)).toEqual(["shares/two"]);
    expect(await keys(store.underlying)).toEqual(["shares/one", "shares/two"]);
    expect(hold.removedSoFar()).toEqual(new Set(["shares/one"]));

    await hold.release();
    expect(await keys(disk)).toEqual(["shares/two"]);
    // After the hold, a removal is done before it returns.
    await store.remove("shares/two");
    expect(await keys(disk)).toEqual([]);
  });

  it("waits for a removal under way before the hold is in place, and takes one hold at a time", async () => {
    let finish!: () => void;
    const disk = diskStore(path.join(root, "b"));
    const slow: ObjectStore = {
      ...disk,
      remove: (key) => new Promise<void>((resolve) => (finish = resolve)).then(() => disk.remove(key)),
    };
    const store = holdingDeletions(slow);
    await put(store, "chat/x", "x");
    const removing = store.remove("chat/x");
    let held = false;
    const holding = store.holdDeletions().then((hold) => {
      held = true;
      return hold;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(held).toBe(false);
    finish();
    await removing;
    const hold = await holding;
    expect(await keys(disk)).toEqual([]);
    await expect(store.holdDeletions()).rejects.toThrow(/one backup at a time/);
    await hold.release();
  });

  it("lets a new object under a held-back key stand", async () => {
    const disk = diskStore(path.join(root, "c"));
    const store = holdingDeletions(disk);
    await put(store, "quotes/q", "old");
    const hold = await store.holdDeletions();
    await store.remove("quotes/q");
    await put(store, "quotes/q", "new");
    expect(await store.stat("quotes/q")).toMatchObject({ size: 3 });
    await hold.release();
    const object = await store.get("quotes/q");
    let text = "";
    for await (const chunk of object?.body ?? []) text += chunk;
    expect(text).toBe("new");
  });
});
