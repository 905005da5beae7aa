import type { DetailedError, HttpRequest, HttpResponse, HttpStack, PreviousUpload, UrlStorage } from "tus-js-client";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.ts";
import {
  createResumableUpload,
  isSameUpload,
  pickPreviousUpload,
  type ResumableUploadOptions,
  shouldRetryUpload,
  storableMetadata,
  TUS_CHUNK_SIZE,
  type TusPlatform,
} from "./resumable-upload.ts";

const endpoint = "http://office.test/api/uploads/";

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  bytes: number;
}

interface StoredUpload {
  length: number;
  offset: number;
  metadata: Record<string, string>;
}

type Reply = { status: number; body?: string; headers?: Record<string, string> };

/**
 * Just enough of a tus 1.0 server, in memory, as tus-js-client's HttpStack: creation, HEAD, PATCH
 * (answering the final one with JSON), termination. `refuseCreate` answers the create instead.
 */
class FakeTusServer implements HttpStack {
  uploads = new Map<string, StoredUpload>();
  requests: Sent[] = [];
  refuseCreate: Reply | undefined;
  /** Runs before each PATCH is answered: a test pauses the upload from here. */
  beforePatch: (() => void) | undefined;
  private next = 1;

  getName() {
    return "fake-tus";
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let onProgress: (bytes: number) => void = () => {};
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      getHeader: (name) => headers[name],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      send: async (body: unknown) => {
        const bytes = body instanceof Blob ? body.size : 0;
        this.requests.push({ method, url, headers: { ...headers }, bytes });
        if (bytes > 0) onProgress(bytes);
        return this.answer(method, url, headers, bytes);
      },
      abort: async () => {},
      getUnderlyingObject: () => null,
    };
    return request;
  }

  private answer(method: string, url: string, headers: Record<string, string>, bytes: number): HttpResponse {
    if (method === "POST") {
      if (this.refuseCreate) return response(this.refuseCreate);
      const id = `u${this.next++}`;
      this.uploads.set(id, {
        length: Number(headers["Upload-Length"]),
        offset: 0,
        metadata: decodeMetadata(headers["Upload-Metadata"] ?? ""),
      });
      // A relative Location, as a server behind a proxy may answer.
      return response({ status: 201, headers: { Location: `/api/uploads/${id}` } });
    }
    const id = url.split("/").pop() ?? "";
    const upload = this.uploads.get(id);
    if (!upload) return response({ status: 404, body: JSON.stringify({ message: "Upload not found" }) });
    const state = { "Upload-Offset": String(upload.offset), "Upload-Length": String(upload.length) };
    if (method === "HEAD") return response({ status: 200, headers: state });
    if (method === "DELETE") {
      this.uploads.delete(id);
      return response({ status: 204 });
    }
    this.beforePatch?.();
    upload.offset += bytes;
    const done = upload.offset === upload.length;
    return response({
      status: done ? 200 : 204,
      headers: { "Upload-Offset": String(upload.offset) },
      body: done ? JSON.stringify({ id: 7, fileName: upload.metadata.filename, size: upload.length }) : undefined,
    });
  }
}

function response({ status, body = "", headers = {} }: Reply): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => headers[name],
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

function decodeMetadata(header: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of header.split(",").filter(Boolean)) {
    const [key = "", value = ""] = pair.split(" ");
    metadata[key] = Buffer.from(value, "base64").toString("utf8");
  }
  return metadata;
}

/** The browser's localStorage list of unfinished uploads, in memory: it survives a "reload" (a new upload object). */
class MemoryUrlStorage implements UrlStorage {
  entries = new Map<string, Omit<PreviousUpload, "urlStorageKey">>();
  private next = 1;
  async findAllUploads() {
    return [...this.entries].map(([urlStorageKey, upload]) => ({ ...upload, urlStorageKey }));
  }
  async findUploadsByFingerprint(fingerprint: string) {
    return (await this.findAllUploads()).filter((upload) => upload.urlStorageKey.startsWith(`${fingerprint}::`));
  }
  async removeUpload(key: string) {
    this.entries.delete(key);
  }
  async addUpload(fingerprint: string, upload: Omit<PreviousUpload, "urlStorageKey">) {
    const key = `${fingerprint}::${this.next++}`;
    this.entries.set(key, JSON.parse(JSON.stringify(upload)));
    return key;
  }
}

/** The browser build reads Blobs; under Node tus-js-client only reads Buffers and streams. */
const blobReader: NonNullable<TusPlatform["fileReader"]> = {
  openFile: async (input: Blob) => ({
    size: input.size,
    slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
    close: () => {},
  }),
};

function setup() {
  const server = new FakeTusServer();
  const storage = new MemoryUrlStorage();
  const platform: TusPlatform = {
    httpStack: server,
    urlStorage: storage,
    fileReader: blobReader,
    fingerprint: async (file: File) => ["fake", file.name, file.size, file.lastModified].join("-"),
  };
  return { server, storage, platform };
}

type Outcome = { ok: true; body: unknown } | { ok: false; error: HttpError };

/** Runs one upload to its end; `progress` and `resumedAt` collect what the callbacks said. */
function run(
  platform: TusPlatform,
  file: File,
  extra: Partial<ResumableUploadOptions> = {},
): {
  done: Promise<Outcome>;
  progress: number[];
  resumedAt: number[];
  handle: ReturnType<typeof createResumableUpload>;
} {
  const progress: number[] = [];
  const resumedAt: number[] = [];
  let settle: (outcome: Outcome) => void = () => {};
  const done = new Promise<Outcome>((resolve) => {
    settle = resolve;
  });
  const handle = createResumableUpload({
    endpoint,
    file,
    metadata: { filename: file.name, filetype: file.type },
    platform,
    onProgress: (sent) => progress.push(sent),
    onResumed: (offset) => resumedAt.push(offset),
    onSuccess: (body) => settle({ ok: true, body }),
    onError: (error) => settle({ ok: false, error }),
    ...extra,
  });
  return { done, progress, resumedAt, handle };
}

const smallFile = () => new File(["general arrangement"], "ga.pdf", { type: "application/pdf", lastModified: 1 });
/** Two chunks and a bit. */
const bigFile = () =>
  new File([new Uint8Array(2 * TUS_CHUNK_SIZE + 10)], "model.ifc", {
    type: "application/octet-stream",
    lastModified: 2,
  });

describe("createResumableUpload", () => {
  it("creates the upload with its metadata and headers, then sends the file and gives back the final JSON", async () => {
    const { server, platform } = setup();
    const file = smallFile();
    const upload = run(platform, file, {
      metadata: { filename: "ga.pdf", filetype: "application/pdf", token: "abc", password: "s3cret!" },
      headers: { Authorization: "Bearer jwt" },
    });
    expect(await upload.handle.start()).toEqual({ resumed: false });
    expect(await upload.done).toEqual({ ok: true, body: { id: 7, fileName: "ga.pdf", size: file.size } });

    const [create, patch] = server.requests;
    expect(create).toMatchObject({ method: "POST", url: endpoint });
    expect(create?.headers).toMatchObject({ "Upload-Length": String(file.size), Authorization: "Bearer jwt" });
    expect(decodeMetadata(create?.headers["Upload-Metadata"] ?? "")).toEqual({
      filename: "ga.pdf",
      filetype: "application/pdf",
      token: "abc",
      password: "s3cret!",
    });
    // The relative Location is read against the endpoint.
    expect(patch).toMatchObject({ method: "PATCH", url: "http://office.test/api/uploads/u1", bytes: file.size });
    expect(upload.progress.at(-1)).toBe(file.size);
    expect(upload.resumedAt).toEqual([]);
  });

  it("sends 16 MiB chunks", async () => {
    const { server, platform } = setup();
    const upload = run(platform, bigFile());
    await upload.handle.start();
    expect((await upload.done).ok).toBe(true);
    expect(server.requests.filter((request) => request.method === "PATCH").map((request) => request.bytes)).toEqual([
      TUS_CHUNK_SIZE,
      TUS_CHUNK_SIZE,
      10,
    ]);
  });

  it("asks a header function again before every request", async () => {
    const { server, platform } = setup();
    let calls = 0;
    const upload = run(platform, smallFile(), {
      headers: () => {
        calls += 1;
        return { Authorization: `Bearer token-${calls}` };
      },
    });
    await upload.handle.start();
    await upload.done;
    expect(server.requests.map((request) => request.headers.Authorization)).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("reports a refused create with the server's status, message and field errors, without retrying", async () => {
    const { server, platform } = setup();
    server.refuseCreate = {
      status: 400,
      body: JSON.stringify({
        message: "Check the fields",
        errors: { expiryMinutes: "Expiry must be at least 1 minute" },
      }),
    };
    const upload = run(platform, smallFile());
    await upload.handle.start();
    const outcome = await upload.done;
    if (outcome.ok) throw new Error("the upload should have failed");
    expect(outcome.error).toBeInstanceOf(HttpError);
    expect(outcome.error).toMatchObject({
      status: 400,
      message: "Check the fields",
      serverMessage: "Check the fields",
      errors: { expiryMinutes: "Expiry must be at least 1 minute" },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a module's refusal (it names its code): a revision that cannot come next", async () => {
    const { server, platform } = setup();
    server.refuseCreate = {
      status: 409,
      body: JSON.stringify({ message: "C cannot follow A: the next revision of E-101 is B.", code: "CONFLICT" }),
    };
    const upload = run(platform, smallFile());
    await upload.handle.start();
    expect(await upload.done).toMatchObject({
      ok: false,
      error: { status: 409, message: "C cannot follow A: the next revision of E-101 is B." },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("says what the status was when the answer had no JSON", async () => {
    const { server, platform } = setup();
    server.refuseCreate = { status: 413, body: "" };
    const upload = run(platform, smallFile());
    await upload.handle.start();
    expect(await upload.done).toMatchObject({ ok: false, error: { status: 413, message: "Upload failed (413)" } });
  });

  it("pauses between chunks and resumes where the server stopped", async () => {
    const { server, platform } = setup();
    const upload = run(platform, bigFile());
    let paused = false;
    server.beforePatch = () => {
      server.beforePatch = undefined;
      void upload.handle.pause();
      paused = true;
    };
    await upload.handle.start();
    await expect.poll(() => paused).toBe(true);
    // The first chunk's answer arrives after the pause: tus-js-client sends nothing more.
    await expect.poll(() => server.uploads.get("u1")?.offset).toBe(TUS_CHUNK_SIZE);
    expect(server.requests.filter((request) => request.method === "PATCH")).toHaveLength(1);

    upload.handle.resume();
    expect((await upload.done).ok).toBe(true);
    expect(server.requests.map((request) => request.method)).toEqual(["POST", "PATCH", "HEAD", "PATCH", "PATCH"]);
    expect(upload.resumedAt).toEqual([]);
  });

  it("after a reload, continues the same file's unfinished upload and says from where", async () => {
    const { server, storage, platform } = setup();
    const file = bigFile();
    const first = run(platform, file, { metadata: { filename: file.name, token: "abc", password: "s3cret!" } });
    server.beforePatch = () => {
      server.beforePatch = undefined;
      void first.handle.pause();
    };
    await first.handle.start();
    await expect.poll(() => server.uploads.get("u1")?.offset).toBe(TUS_CHUNK_SIZE);
    // What the browser keeps has no password in it.
    const [kept] = storage.entries.values();
    expect(kept?.metadata).toEqual({ filename: file.name, token: "abc", password: "" });

    const again = run(platform, file, { metadata: { filename: file.name, token: "abc", password: "s3cret!" } });
    expect(await again.handle.start()).toEqual({ resumed: true });
    expect(await again.done).toMatchObject({ ok: true, body: { fileName: file.name } });
    expect(again.resumedAt).toEqual([TUS_CHUNK_SIZE]);
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(1);
    // Done: the browser forgets it.
    expect(storage.entries.size).toBe(0);
  });

  it("gives no body when the upload found after a reload was already complete", async () => {
    const { server, storage, platform } = setup();
    const file = smallFile();
    server.uploads.set("u9", { length: file.size, offset: file.size, metadata: {} });
    await storage.addUpload(["fake", file.name, file.size, file.lastModified].join("-"), {
      size: file.size,
      metadata: { filename: file.name, filetype: file.type },
      creationTime: new Date().toString(),
      uploadUrl: `${endpoint}u9`,
      parallelUploadUrls: null,
    });
    const upload = run(platform, file);
    expect(await upload.handle.start()).toEqual({ resumed: true });
    expect(await upload.done).toEqual({ ok: true, body: undefined });
    expect(upload.progress.at(-1)).toBe(file.size);
  });

  it("starts afresh when the kept upload belongs to another request", async () => {
    const { server, platform } = setup();
    const file = bigFile();
    const first = run(platform, file, { metadata: { filename: file.name, token: "first" } });
    server.beforePatch = () => {
      server.beforePatch = undefined;
      void first.handle.pause();
    };
    await first.handle.start();
    await expect.poll(() => server.uploads.get("u1")?.offset).toBe(TUS_CHUNK_SIZE);

    const other = run(platform, file, { metadata: { filename: file.name, token: "second" } });
    expect(await other.handle.start()).toEqual({ resumed: false });
    expect((await other.done).ok).toBe(true);
    expect(server.uploads.get("u2")?.metadata.token).toBe("second");
  });

  it("starts afresh when the server no longer has the kept upload", async () => {
    const { server, storage, platform } = setup();
    const file = smallFile();
    await storage.addUpload(["fake", file.name, file.size, file.lastModified].join("-"), {
      size: file.size,
      metadata: { filename: file.name, filetype: file.type },
      creationTime: new Date().toString(),
      uploadUrl: `${endpoint}gone`,
      parallelUploadUrls: null,
    });
    const upload = run(platform, file);
    await upload.handle.start();
    expect((await upload.done).ok).toBe(true);
    expect(upload.resumedAt).toEqual([]);
    expect(server.requests.map((request) => request.method)).toEqual(["HEAD", "POST", "PATCH"]);
  });

  it("cancel asks the server to drop the upload", async () => {
    const { server, platform } = setup();
    const upload = run(platform, bigFile());
    server.beforePatch = () => {
      server.beforePatch = undefined;
      void upload.handle.cancel();
    };
    await upload.handle.start();
    await expect.poll(() => server.requests.at(-1)?.method).toBe("DELETE");
    expect(server.uploads.size).toBe(0);
  });
});

describe("isSameUpload", () => {
  it("matches on every key, and on whether a secret was given but not its value", () => {
    expect(isSameUpload({ filename: "a", password: "" }, { filename: "a", password: "x" })).toBe(true);
    expect(isSameUpload({ filename: "a" }, { filename: "a", password: "x" })).toBe(false);
    expect(isSameUpload({ filename: "a", token: "t1" }, { filename: "a", token: "t2" })).toBe(false);
    expect(isSameUpload(undefined, { filename: "a" })).toBe(false);
  });
});

describe("storableMetadata", () => {
  it("blanks the password", () => {
    expect(storableMetadata({ filename: "a", password: "x" })).toEqual({ filename: "a", password: "" });
  });
});

describe("pickPreviousUpload", () => {
  const kept = (key: string, time: string, token: string): PreviousUpload => ({
    size: 1,
    metadata: { token },
    creationTime: time,
    urlStorageKey: key,
    uploadUrl: `${endpoint}${key}`,
    parallelUploadUrls: null,
  });
  it("takes the newest matching one", () => {
    const older = kept("a", "Mon Nov 23 2026 10:00:00 GMT+0000", "t");
    const newer = kept("b", "Tue Nov 24 2026 10:00:00 GMT+0000", "t");
    const other = kept("c", "Wed Nov 25 2026 10:00:00 GMT+0000", "u");
    expect(pickPreviousUpload([older, other, newer], { token: "t" })?.urlStorageKey).toBe("b");
    expect(pickPreviousUpload([other], { token: "t" })).toBeUndefined();
  });
});

describe("shouldRetryUpload", () => {
  const failed = (status: number, body: string) =>
    Object.assign(new Error("tus: unexpected response"), {
      originalRequest: {} as HttpRequest,
      originalResponse: { getStatus: () => status, getBody: () => body } as HttpResponse,
    }) as DetailedError;
  const options = { retryDelays: [0, 1000] };

  it("retries what tus-js-client retries: tus's own 409 and 423, a 5xx, no answer", () => {
    expect(shouldRetryUpload(failed(409, '{"message":"The upload is not at that offset"}'), 0, options)).toBe(true);
    expect(shouldRetryUpload(failed(423, "locked"), 0, options)).toBe(true);
    expect(shouldRetryUpload(failed(503, ""), 0, options)).toBe(true);
    const network = Object.assign(new Error("network"), { originalRequest: {} as HttpRequest }) as DetailedError;
    expect(shouldRetryUpload(network, 0, options)).toBe(true);
  });

  it("never retries a module's refusal, nor a client error", () => {
    expect(
      shouldRetryUpload(failed(409, '{"message":"Your review was already sent","code":"CONFLICT"}'), 0, options),
    ).toBe(false);
    expect(shouldRetryUpload(failed(400, '{"message":"Some fields are not valid."}'), 0, options)).toBe(false);
  });
});
