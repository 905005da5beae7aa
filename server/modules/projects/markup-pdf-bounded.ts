import { Worker } from "node:worker_threads";
import type { ReadMarkups } from "../../../shared/markup-pdf.ts";
import { UnreadablePdf } from "./markup-pdf-read.ts";

/** How long one file's annotations may take to read, and the heap its reading may use. */
export const readBounds = { timeoutMs: 10_000, heapMb: 512 } as const;

/**
 * `readPdfMarkups` on a worker thread of its own, cut off after `timeoutMs` or past `heapMb` of heap
 * (decision 069): a hostile PDF that would parse for ever or fill the memory is an `UnreadablePdf`
 * (a 422), and the server's event loop never waits on it.
 */
export function readPdfMarkupsBounded(
  bytes: Uint8Array,
  { timeoutMs = readBounds.timeoutMs, heapMb = readBounds.heapMb }: { timeoutMs?: number; heapMb?: number } = {},
): Promise<ReadMarkups> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./markup-pdf-read-worker.ts", import.meta.url), {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // pdf-lib says what it skips over on the console; a client's file is not the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new UnreadablePdf("This PDF took too long to read: its markups cannot be listed."))),
      timeoutMs,
    );
    worker.once("message", (message: { read?: ReadMarkups; refused?: string }) =>
      settle(() => (message.read ? resolve(message.read) : reject(new UnreadablePdf(message.refused ?? "")))),
    );
    worker.once("error", () =>
      settle(() => reject(new UnreadablePdf("This PDF is too large or too complex to read its markups."))),
    );
    worker.once("exit", () => settle(() => reject(new UnreadablePdf("This file's annotations cannot be read."))));
  });
}
