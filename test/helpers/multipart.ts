import { randomBytes } from "node:crypto";

export interface Part {
  name: string;
  value: string | Buffer;
  /** Set for a file part (may be "" for an empty file input). */
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte (and can break it). */
export function multipart(parts: Part[], options: { truncate?: boolean } = {}) {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type =
      part.fileName === undefined
        ? part.contentType
          ? `Content-Type: ${part.contentType}\r\n`
          : ""
        : `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  if (!options.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload: options.truncate ? payload.subarray(0, payload.length - 40) : payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
