import { describe, expect, it } from "vitest";
import { ANNOUNCE_AFTER_MS, Announcements, together } from "./announcements.ts";

/** Timers that run when the test says so. */
function manualTimers() {
  const due = new Map<number, () => void>();
  let ids = 0;
  return {
    timers: {
      setTimeout: (run: () => void, ms: number) => {
        expect(ms).toBe(ANNOUNCE_AFTER_MS);
        due.set(++ids, run);
        return ids;
      },
      clearTimeout: (id: unknown) => void due.delete(id as number),
    },
    runAll() {
      const runs = [...due.values()];
      due.clear();
      for (const run of runs) run();
    },
    get waiting() {
      return due.size;
    },
  };
}

describe("the chat's live region", () => {
  it("is emptied first, then set, so that the same text twice is read twice", () => {
    const shown: string[] = [];
    const clock = manualTimers();
    const region = new Announcements((text) => shown.push(text), clock.timers);
    region.say("Ana: Hello");
    expect(shown).toEqual([""]);
    clock.runAll();
    region.say("Ana: Hello");
    clock.runAll();
    expect(shown).toEqual(["", "Ana: Hello", "", "Ana: Hello"]);
  });

  it("sets texts that come before the last was set together, in order, so that none is lost", () => {
    const shown: string[] = [];
    const clock = manualTimers();
    const region = new Announcements((text) => shown.push(text), clock.timers);
    region.say("Priya: Yes, checking the grid lines now");
    region.say("New message from Ben");
    expect(clock.waiting).toBe(1);
    clock.runAll();
    expect(shown).toEqual(["", "Priya: Yes, checking the grid lines now. New message from Ben"]);
  });

  it("sets nothing once disposed", () => {
    const shown: string[] = [];
    const clock = manualTimers();
    const region = new Announcements((text) => shown.push(text), clock.timers);
    region.say("Ana: Hello");
    region.dispose();
    clock.runAll();
    expect(shown).toEqual([""]);
    expect(clock.waiting).toBe(0);
  });

  it("ends each text but the last as a sentence, and keeps a text's own ending", () => {
    expect(together(["Ana: Done!", "Ben: ok", "Message deleted"])).toBe("Ana: Done! Ben: ok. Message deleted");
    expect(together(["  ", "Ana: Hello "])).toBe("Ana: Hello");
  });
});
