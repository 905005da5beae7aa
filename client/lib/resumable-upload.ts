// Public pages use this too: nothing from client/features (the session store, staff code) may be imported here.
import {
  type DetailedError,
  defaultOptions,
  type HttpRequest,
  type HttpResponse,
  type PreviousUpload,
  Upload,
  type UploadOptions,
  type UrlStorage,
} from "tus-js-client";
import { HttpError } from "./http-error.ts";
import { fieldErrors, parseJson } from "./upload.ts";

/** Where the server speaks tus 1.0 (DESIGN §12). */
export const TUS_ENDPOINT = "/api/uploads/";
/** One PATCH carries at most this much, so a dropped connection loses at most one chunk. */
export const TUS_CHUNK_SIZE = 16 * 1024 * 1024;
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/**
 * Metadata keys whose values are never written to the browser's list of unfinished uploads
 * (localStorage): only that one was given is kept, to tell uploads apart.
 */
const secretMetadataKeys = new Set(["password", "key"]);

/** tus-js-client's platform parts; the browser's defaults unless a test hands in fakes. */
export type TusPlatform = Pick<UploadOptions, "httpStack" | "urlStorage" | "fileReader" | "fingerprint">;

export interface ResumableUploadOptions {
  /** The tus endpoint; a relative one is read against the page's address. */
  endpoint: string;
  file: File;
  /** Upload-Metadata of the create request, e.g. filename, filetype, token. */
  metadata: Record<string, string>;
  /** Sent with every request; a function is asked again before each one (a token may be renewed meanwhile). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Bytes the server has been sent so far, of `total` (on a resumed upload this starts where it stopped). */
  onProgress?: (bytesSent: number, total: number) => void;
  /** The final answer's JSON, or undefined when there was none (an earlier upload found already complete). */
  onSuccess: (body: unknown) => void;
  /** status 0: no answer (network); else the server's status, its `message` and field `errors`. */
  onError: (error: HttpError) => void;
  /** The server confirmed it kept `offset` bytes of this file from an earlier page (a reload, a closed tab). */
  onResumed?: (offset: number, total: number) => void;
  platform?: TusPlatform;
}

export interface ResumableUpload {
  /**
   * Starts the upload. When the browser kept an unfinished upload of the same file with the same
   * metadata, it continues that one (`resumed`: true); the server still has the last word (see onResumed).
   */
  start(): Promise<{ resumed: boolean }>;
  /** Stops sending; what the server has stays there. */
  pause(): Promise<void>;
  /** Continues a paused upload where the server says it stopped. */
  resume(): void;
  /** Stops and asks the server to drop what it received (best effort: it drops leftovers after 24 h anyway). */
  cancel(): Promise<void>;
}

/** Whether an upload the browser kept (`stored` metadata, secrets blanked) is the one now wanted. */
export function isSameUpload(stored: Record<string, string> | undefined, wanted: Record<string, string>): boolean {
  const kept = stored ?? {};
  const keys = new Set([...Object.keys(kept), ...Object.keys(wanted)]);
  for (const key of keys) {
    if (secretMetadataKeys.has(key)) {
      if (Object.hasOwn(kept, key) !== Object.hasOwn(wanted, key)) return false;
    } else if (kept[key] !== wanted[key]) {
      return false;
    }
  }
  return true;
}

/** The metadata as written to the browser's storage: secret values blanked. */
export function storableMetadata(metadata: Record<string, string> | undefined): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) stored[key] = secretMetadataKeys.has(key) ? "" : value;
  return stored;
}

/** The newest of the kept uploads matching `metadata`, if any. */
export function pickPreviousUpload(
  previous: readonly PreviousUpload[],
  metadata: Record<string, string>,
): PreviousUpload | undefined {
  const time = (upload: PreviousUpload) => Date.parse(upload.creationTime) || 0;
  return previous
    .filter((upload) => upload.uploadUrl && isSameUpload(upload.metadata, metadata))
    .sort((a, b) => time(b) - time(a))[0];
}

/** A tus-js-client failure as an HttpError: the server's status and JSON `{message, errors}`, or status 0. */
export function uploadErrorFrom(error: Error | DetailedError): HttpError {
  const response: HttpResponse | null = "originalResponse" in error ? error.originalResponse : null;
  if (!response) {
    // No answer at all: the network (with a request) or the browser (reading the file).
    const sent = "originalRequest" in error && error.originalRequest != null;
    return new HttpError(0, sent ? "Network error" : error.message);
  }
  const status = response.getStatus();
  const payload = (parseJson(response.getBody()) ?? {}) as { message?: unknown; errors?: unknown };
  const serverMessage = typeof payload.message === "string" ? payload.message : undefined;
  return new HttpError(
    status,
    serverMessage ?? `Upload failed (${status})`,
    serverMessage,
    fieldErrors(payload.errors),
  );
}

/**
 * Whether a failed request is worth another try: as tus-js-client decides (the network, a 5xx, a
 * 409 or 423 of tus itself), but never a refusal of the server's module, which names its `code`
 * (a revision that cannot come next, a review already sent): no retry changes that answer.
 */
export function shouldRetryUpload(error: DetailedError, retryAttempt: number, options: UploadOptions): boolean {
  const body = error.originalResponse ? parseJson(error.originalResponse.getBody()) : undefined;
  if (body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string") return false;
  return defaultOptions.onShouldRetry?.(error, retryAttempt, options) ?? false;
}

/** tus-js-client keeps what it stores as given: blank the secrets on the way in. */
function withoutSecrets(storage: UrlStorage): UrlStorage {
  return {
    findAllUploads: () => storage.findAllUploads(),
    findUploadsByFingerprint: (fingerprint) => storage.findUploadsByFingerprint(fingerprint),
    removeUpload: (key) => storage.removeUpload(key),
    addUpload: (fingerprint, upload) =>
      storage.addUpload(fingerprint, { ...upload, metadata: storableMetadata(upload.metadata) }),
  };
}

function absolute(endpoint: string): string {
  // tus-js-client reads the server's Location against the endpoint, which needs an origin.
  const base = typeof window === "undefined" ? undefined : window.location.href;
  return base ? new URL(endpoint, base).href : endpoint;
}

/** One tus upload of one file (chunks of 16 MiB, retried, resumable after a reload). */
export function createResumableUpload(options: ResumableUploadOptions): ResumableUpload {
  const { file, metadata, headers, platform } = options;
  let fromStorage = false;
  const urlStorage = withoutSecrets(platform?.urlStorage ?? defaultOptions.urlStorage);

  const upload = new Upload(file, {
    ...platform,
    urlStorage,
    endpoint: absolute(options.endpoint),
    metadata,
    headers: typeof headers === "function" ? {} : headers,
    chunkSize: TUS_CHUNK_SIZE,
    retryDelays: TUS_RETRY_DELAYS,
    onShouldRetry: shouldRetryUpload,
    removeFingerprintOnSuccess: true,
    onBeforeRequest:
      typeof headers === "function"
        ? (request: HttpRequest) => {
            for (const [name, value] of Object.entries(headers())) request.setHeader(name, value);
          }
        : undefined,
    onAfterResponse: (request: HttpRequest, response: HttpResponse) => {
      if (!fromStorage || request.getMethod() !== "HEAD") return;
      fromStorage = false;
      const status = response.getStatus();
      if (status < 200 || status >= 300) return; // gone on the server: tus-js-client starts afresh
      const offset = Number.parseInt(response.getHeader("Upload-Offset") ?? "", 10);
      if (Number.isFinite(offset)) options.onResumed?.(offset, file.size);
    },
    onProgress: (sent, total) => options.onProgress?.(sent, total),
    onSuccess: ({ lastResponse }) => options.onSuccess(parseJson(lastResponse.getBody())),
    onError: (error) => options.onError(uploadErrorFrom(error)),
  });

  return {
    async start() {
      let previous: PreviousUpload | undefined;
      try {
        previous = pickPreviousUpload(await upload.findPreviousUploads(), metadata);
      } catch {
        previous = undefined; // storage refused: a fresh upload still works
      }
      if (previous) {
        upload.resumeFromPreviousUpload(previous);
        fromStorage = true;
      }
      upload.start();
      return { resumed: previous !== undefined };
    },
    pause: () => upload.abort(false),
    resume: () => upload.start(),
    cancel: () => upload.abort(true).catch(() => undefined),
  };
}
