// tus-js-client, the library the browser uses, driven from Node against a listening test app;
// plus raw HTTP for what a client library would never send (a PATCH cut off half-way).
import { request as httpRequest } from "node:http";
import { Upload } from "tus-js-client";

export interface TusResult {
  /** The upload's address (absolute). */
  url: string;
  /** The final answer's JSON body (undefined when the upload was found complete without one). */
  body: unknown;
}

export class TusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`tus upload failed: ${status} ${body}`);
    this.name = "TusError";
  }
}

/** Uploads `data` with tus-js-client (no retries: a failure is the test's to see). */
export function tusUpload(
  baseUrl: string,
  data: Buffer,
  options: {
    metadata: Record<string, string>;
    headers?: Record<string, string>;
    chunkSize?: number;
    /** Resume this upload instead of creating one. */
    uploadUrl?: string;
    onProgress?: (sent: number, total: number) => void;
  },
): Promise<TusResult> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(data, {
      endpoint: `${baseUrl}/api/uploads/`,
      uploadUrl: options.uploadUrl,
      metadata: options.metadata,
      headers: options.headers,
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onProgress: options.onProgress,
      onSuccess: ({ lastResponse }) => {
        const text = lastResponse.getBody();
        resolve({ url: upload.url ?? "", body: text ? JSON.parse(text) : undefined });
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
          .originalResponse;
        reject(response ? new TusError(response.getStatus(), response.getBody()) : error);
      },
    });
    upload.start();
  });
}

/** Base64 Upload-Metadata, as tus clients send it. */
export const uploadMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** Raw tus request: status, headers and body. */
export function tusRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a hostile request may leave one the server closes.
    const req = httpRequest(url, { method, agent: false, headers: { "tus-resumable": "1.0.0", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A PATCH that declares `declared` bytes from `offset`, sends only `sent`, then drops the
 * connection (a laptop closed half-way). Resolves once the socket is gone.
 */
export function cutOffPatch(
  url: string,
  offset: number,
  sent: Buffer,
  declared: number,
  headers: Record<string, string> = {},
) {
  return new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(offset),
        "content-length": String(declared),
        ...headers,
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.write(sent, () => {
      // Give the bytes to the kernel, then cut: the server sees a body that stops.
      setImmediate(() => req.destroy());
    });
  });
}

/** Begins an upload of `size` bytes (a tus POST); its path, `/api/uploads/<id>`. Throws unless 201. */
export async function beginUpload(
  base: string,
  size: number,
  metadata: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<string> {
  const created = await tusRequest(`${base}/api/uploads/`, "POST", {
    ...headers,
    "upload-length": String(size),
    "upload-metadata": uploadMetadata(metadata),
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${created.body}`);
  return String(created.headers.location);
}

/** Sends `bytes` at `offset` (a tus PATCH). */
export const patchUpload = (url: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) =>
  tusRequest(
    url,
    "PATCH",
    { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
    bytes,
  );
