import { describe, expect, it } from "vitest";
import type { ChatRef } from "./chat-ref.ts";
import { ReadMarker, type ReadMarkerClock } from "./read-marker.ts";

/** A clock whose timers run when the test moves time on. */
function fakeClock() {
  let now = 1_000_000;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const clock: ReadMarkerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((timer) => timer !== next);
      now = next.at;
      next.run();
    }
    now = until;
  };
  return { clock, advance };
}

const alice: ChatRef = { kind: "user", username: "alice" };
const crew: ChatRef = { kind: "group", groupId: 7 };

function setup(connected = () => true) {
  const { clock, advance } = fakeClock();
  const sent: [string, number][] = [];
  const marker = new ReadMarker(
    (chat, seq) => {
      if (!connected()) return false;
      sent.push([chat.kind === "user" ? chat.username : `group ${chat.groupId}`, seq]);
      return true;
    },
    1_000,
    clock,
  );
  return { marker, sent, advance };
}

describe("ReadMarker", () => {
  it("sends the first at once, then at most one a second with the highest shown", () => {
    const { marker, sent, advance } = setup();
    marker.shown(alice, 3);
    expect(sent).toEqual([["alice", 3]]);
    for (const seq of [4, 5, 6]) {
      advance(100);
      marker.shown(alice, seq);
    }
    expect(sent).toHaveLength(1);
    advance(700);
    expect(sent).toEqual([
      ["alice", 3],
      ["alice", 6],
    ]);
    // Nothing new: nothing sent; a lower or equal seq is not news.
    advance(5_000);
    marker.shown(alice, 6);
    marker.shown(alice, 2);
    expect(sent).toHaveLength(2);
  });

  it("keeps conversations apart", () => {
    const { marker, sent } = setup();
    marker.shown(alice, 1);
    marker.shown(crew, 9);
    expect(sent).toEqual([
      ["alice", 1],
      ["group 7", 9],
    ]);
  });

  it("a pending one goes at once when flushed (left, hidden), and only once", () => {
    const { marker, sent, advance } = setup();
    marker.shown(alice, 1);
    marker.shown(alice, 2);
    marker.flush(alice);
    expect(sent).toEqual([
      ["alice", 1],
      ["alice", 2],
    ]);
    advance(2_000);
    marker.flush();
    expect(sent).toHaveLength(2);
  });

  it("what the connection could not take stays pending until a flush after reconnecting", () => {
    let online = false;
    const { marker, sent, advance } = setup(() => online);
    marker.shown(alice, 4);
    advance(3_000);
    expect(sent).toEqual([]);
    online = true;
    marker.flush();
    expect(sent).toEqual([["alice", 4]]);
  });

  it("dispose forgets what is pending", () => {
    const { marker, sent, advance } = setup();
    marker.shown(alice, 1);
    marker.shown(alice, 2);
    marker.dispose();
    advance(2_000);
    expect(sent).toEqual([["alice", 1]]);
  });
});
