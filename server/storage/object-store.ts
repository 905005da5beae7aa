import type { Readable } from "node:stream";

/**
 * Where every stored file lives (DESIGN §12): local disk by default, or an S3-compatible bucket.
 * An object is addressed by `namespace/name` (`shares/…`, `quotes/…`, `resumes/…`, `chat/…`);
 * names are made by the server, never taken from a client.
 */
export interface ObjectStore {
  /** What it is, for logs: `disk:/path` or `s3://bucket/prefix`. */
  readonly location: string;
  /**
   * Streams `source` into `key` and returns once the object is complete and durable; until then
   * nothing under `key` is visible. If `source` fails, the put fails and leaves nothing behind;
   * if the put fails, `source` is destroyed (as by stream.pipeline).
   */
  put(key: string, source: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /**
   * Opens an object for reading, or undefined when there is none. With `start`/`end` (inclusive,
   * as in an HTTP Range; `end` is clamped to the last byte) only those bytes are read.
   * Throws a RangeNotSatisfiableError when `start` is at or past the end. The caller reads `body`
   * to its end or destroys it: until then it holds a file handle or a connection.
   */
  get(key: string, range?: { start?: number; end?: number }): Promise<StoredObjectBody | undefined>;
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Deletes an object; one that is already gone is fine. */
  remove(key: string): Promise<void>;
  /** Every complete object whose key starts with `prefix` (e.g. `chat/`), in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Deletes what puts cut off by a dead process left behind, if it is older than `before`. Absent
   * when the store does that itself (S3: a lifecycle rule aborts incomplete multipart uploads).
   */
  sweepIncomplete?(before: Date): Promise<number>;
  /** Lets go of connections (S3); reads and puts under way are cut off. */
  close(): Promise<void>;
}

export interface StoredObjectInfo {
  /** The whole object's size in bytes. */
  size: number;
  contentType: string;
  modifiedAt: Date;
}

export interface StoredObjectBody extends StoredObjectInfo {
  body: Readable;
  /** The bytes `body` holds, when a range was asked for. */
  range?: { start: number; end: number };
}

export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** A range starting at or past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable (the object has ${size} bytes)`);
    this.name = "RangeNotSatisfiableError";
  }
}

const namespacePattern = /^[a-z][a-z0-9-]{0,31}$/;
// No leading dot: on disk, names starting with one are the store's own (temporary files, types).
const namePattern = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
const MAX_NAME = 200;

/** Splits `namespace/name`, throwing on anything else: this is what keeps keys out of other paths. */
export function parseKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf("/");
  const namespace = key.slice(0, slash);
  const name = key.slice(slash + 1);
  if (slash < 0 || !namespacePattern.test(namespace) || name.length > MAX_NAME || !namePattern.test(name)) {
    throw new TypeError(`not a storage key: ${JSON.stringify(key)}`);
  }
  return { namespace, name };
}

/** Splits a list prefix: empty, part of a namespace, `namespace/`, or `namespace/` and the start of a name. */
export function parseKeyPrefix(prefix: string): { namespace: string; name?: string } {
  const slash = prefix.indexOf("/");
  if (slash < 0) {
    if (prefix === "" || namespacePattern.test(prefix)) return { namespace: prefix };
  } else {
    const namespace = prefix.slice(0, slash);
    const name = prefix.slice(slash + 1);
    // A name's start may end in a dot ("report." of "report.pdf") but never hold "..".
    if (namespacePattern.test(namespace) && (name === "" || namePattern.test(name.replace(/\.$/, "")))) {
      return { namespace, name };
    }
  }
  throw new TypeError(`not a storage key prefix: ${JSON.stringify(prefix)}`);
}

export const storageKey = (namespace: string, name: string) => {
  const key = `${namespace}/${name}`;
  parseKey(key);
  return key;
};
