import path from "node:path";
import { diskStore } from "./disk-store.ts";
import type { ObjectStore } from "./object-store.ts";
import { type S3Options, s3Store } from "./s3-store.ts";

export interface StorageSettings {
  /** STORAGE_URL: `s3://bucket[/prefix]`, or unset for files under `dataDir`. */
  storageUrl?: string;
  dataDir: string;
  s3?: S3Options;
}

/** The store every module keeps its files in (DESIGN §12): S3 when STORAGE_URL is set, else `DATA_DIR/files`. */
export function openObjectStore(settings: StorageSettings): ObjectStore {
  if (settings.storageUrl) return s3Store(settings.storageUrl, settings.s3);
  return diskStore(path.join(settings.dataDir, "files"));
}
