/**
 * The fixed workload that times a machine (decision 060). It does what the test suite does most on
 * one core: builds objects (and garbage), writes and reads JSON, matches text, sorts and hashes.
 * The input is made from a fixed seed, so every run does the same work; the digest shows it did.
 */
import { createHash } from "node:crypto";

/** The workload's time on the machine decision 060 measured it on, idle, on Node 24.21 (seconds). */
export const referenceSeconds = 9.3;

/** Rounds that take about `referenceSeconds` on that machine. */
export const defaultRounds = 2500;

interface Row {
  id: number;
  name: string;
  tags: string[];
  weight: number;
  note: string;
}

/** A small deterministic generator (xorshift32): the same numbers on every machine and Node. */
function numbers(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const words = ["beam", "column", "plate", "bolt", "weld", "brace", "truss", "purlin", "girt", "cleat", "stiffener"];

function rows(count: number, next: () => number): Row[] {
  return Array.from({ length: count }, (_, id) => ({
    id,
    name: `${words[next() % words.length]}-${next() % 10_000}`,
    tags: Array.from({ length: 1 + (next() % 4) }, () => words[next() % words.length]!),
    weight: (next() % 1_000_000) / 100,
    note: Array.from({ length: 6 + (next() % 10) }, () => words[next() % words.length]).join(" "),
  }));
}

/** Runs the workload `rounds` times; returns the hex digest of everything it produced. */
export function machineWorkload(rounds = defaultRounds): string {
  const hash = createHash("sha256");
  const next = numbers(0x5eed);
  const base = rows(2_000, next);
  for (let round = 0; round < rounds; round++) {
    const text = JSON.stringify(base);
    const parsed = JSON.parse(text) as Row[];
    const shaped = parsed
      .map((row) => ({ ...row, name: row.name.toUpperCase(), score: row.weight * ((round % 7) + 1) }))
      .sort((a, b) => a.score - b.score || a.id - b.id);
    const marked = text.replace(/"(beam|bolt|weld)-(\d+)"/g, (_, word: string, n: string) => `"${n}:${word}"`);
    hash.update(marked);
    hash.update(String(shaped[round % shaped.length]!.id));
    const counts = new Map<string, number>();
    for (const row of parsed) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    hash.update(JSON.stringify([...counts].sort()));
  }
  return hash.digest("hex");
}
