// Reads one PDF's markups on a worker thread (markup-pdf-bounded.ts), so a hostile file's parse can
// be cut off by time and memory without the server's event loop waiting on it.
import { parentPort, workerData } from "node:worker_threads";
import { readPdfMarkups, UnreadablePdf } from "./markup-pdf-read.ts";

readPdfMarkups(workerData as Uint8Array).then(
  (read) => parentPort?.postMessage({ read }),
  (error: unknown) =>
    parentPort?.postMessage({
      refused: error instanceof UnreadablePdf ? error.message : "This file's annotations cannot be read.",
    }),
);
