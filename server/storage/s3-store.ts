import { pipeline, type Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  type ListedObject,
  type ObjectStore,
  parseKey,
  parseKeyPrefix,
  RangeNotSatisfiableError,
  type StoredObjectBody,
} from "./object-store.ts";
import { parseStorageUrl } from "./storage-url.ts";

export interface S3Options {
  /** S3_ENDPOINT: unset for AWS itself; e.g. https://<account>.r2.cloudflarestorage.com or http://minio:9000. */
  endpoint?: string;
  /** S3_REGION; unset, the SDK's own (AWS_REGION), else us-east-1. */
  region?: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, Ceph, most self-hosted stores). */
  forcePathStyle?: boolean;
  /** Unset, the SDK's standard chain: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Parts a put sends at once: memory per upload is about PART_SIZE × (QUEUE_SIZE + 1). */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/**
 * Objects in an S3-compatible bucket under a prefix, through the AWS SDK: puts stream as a
 * multipart upload (a few parts in memory at a time, never the whole file), which S3 makes
 * visible only when it completes and which is aborted if the source fails.
 */
export function s3Store(url: string, options: S3Options = {}): ObjectStore & { client: S3Client } {
  const { bucket, prefix } = parseStorageUrl(url);
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? process.env.AWS_REGION ?? "us-east-1",
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where the API demands them: many S3-compatible stores do not understand the
    // SDK's default streamed checksum trailers (some store them as part of the object).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectKey = (key: string) => {
    parseKey(key);
    return `${prefix}${key}`;
  };

  const store: ObjectStore & { client: S3Client } = {
    client,
    location: url,

    async put(key, source: Readable, { contentType }) {
      const Key = objectKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A failing source destroys `counted` with its error, which fails the upload and aborts its parts.
      let sourceError: Error | undefined;
      pipeline(source, counted, (error) => {
        sourceError ??= error ?? undefined;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: counted, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Stop reading a source the store refused (the pipeline destroys it too).
        counted.destroy();
        // The source's failure is the cause, not a refused abort (some stores cannot abort; their
        // lifecycle rule deletes the parts).
        throw sourceError ?? error;
      }
      return { size };
    },

    async get(key, range) {
      const Key = objectKey(key);
      const ranged = range !== undefined;
      const start = range?.start ?? 0;
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            Range: ranged ? `bytes=${start}-${range.end ?? ""}` : undefined,
          }),
        );
        const body = out.Body as Readable;
        const total = /\/(\d+)$/.exec(out.ContentRange ?? "")?.[1];
        const size = total === undefined ? (out.ContentLength ?? 0) : Number(total);
        const result: StoredObjectBody = {
          body,
          size,
          contentType: out.ContentType || "application/octet-stream",
          modifiedAt: out.LastModified ?? new Date(0),
        };
        if (ranged) {
          // A store that ignores Range answers 200 with the whole object (and no Content-Range).
          if (total === undefined && size > 0 && (start > 0 || (range.end ?? size) < size - 1)) {
            body.destroy();
            throw new Error("the S3 store ignored a Range request");
          }
          if (start >= size) {
            body.destroy();
            throw new RangeNotSatisfiableError(size);
          }
          result.range = { start, end: Math.min(range.end ?? size - 1, size - 1) };
        }
        return result;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        if (statusOf(error) === 416) {
          const info = await store.stat(key);
          if (!info) return undefined;
          throw new RangeNotSatisfiableError(info.size);
        }
        throw error;
      }
    },

    async stat(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType || "application/octet-stream",
          modifiedAt: out.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },

    async remove(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(keyPrefix): AsyncGenerator<ListedObject> {
      parseKeyPrefix(keyPrefix);
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: `${prefix}${keyPrefix}` });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? "";
          try {
            parseKey(key);
          } catch {
            // Something else shares the bucket's prefix: not ours to list (or to delete).
            continue;
          }
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
  return store;
}
