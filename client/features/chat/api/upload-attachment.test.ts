import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "~/lib/http-error";
import { sessionStore } from "~/lib/session-store";
import { chatPaths } from "../../../../shared/chat.ts";
import { currentXhr, installFakeXhr } from "../../../../test/helpers/fake-xhr.ts";
import { uploadAttachment } from "./upload-attachment.ts";

describe("uploadAttachment", () => {
  installFakeXhr();
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    sessionStore.set({ user: { username: "ana", role: "admin" }, token: "tok" });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const file = () => new File(["hello"], "note.txt", { type: "text/plain" });

  it("posts the file as `file` with the bearer token and resolves the checked answer", async () => {
    const onProgress = vi.fn();
    const promise = uploadAttachment(file(), { onProgress });
    const xhr = currentXhr();
    expect(xhr.url).toBe(chatPaths.upload);
    expect(xhr.headers.authorization).toBe("Bearer tok");
    expect((xhr.body as FormData).get("file")).toBeInstanceOf(File);
    const answer = { fileUrl: "/files/1", fileType: "text/plain", fileName: "note.txt" };
    xhr.respond(200, JSON.stringify(answer));
    await expect(promise).resolves.toEqual(answer);
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it("rejects an answer that is not an upload result", async () => {
    const onProgress = vi.fn();
    const promise = uploadAttachment(file(), { onProgress });
    currentXhr().respond(200, JSON.stringify({ fileUrl: "/files/1" }));
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, message: "The upload answer was not understood." });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it("rejects as HttpError and logs out on a 401", async () => {
    const promise = uploadAttachment(file());
    currentXhr().respond(401, "");
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: "Upload failed (401)" });
    expect(sessionStore.get()).toBeNull();
  });
});
