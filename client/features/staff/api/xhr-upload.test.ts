import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "~/features/auth/lib/session-store";
import { ApiError } from "~/lib/api-client";
import { currentXhr, installFakeXhr } from "../../../../test/helpers/fake-xhr.ts";
import { xhrUpload } from "./xhr-upload.ts";

describe("xhrUpload", () => {
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
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the bearer token with credentials and resolves the JSON", async () => {
    sessionStore.set({ user: { username: "ana", role: "admin" }, token: "tok" });
    const onProgress = vi.fn();
    const promise = xhrUpload<{ id: string }>("/api/admin/files/upload", new FormData(), { onProgress });
    const xhr = currentXhr();
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe("Bearer tok");
    xhr.progress(1, 4);
    xhr.respond(201, JSON.stringify({ id: "f1" }));
    await expect(promise).resolves.toEqual({ id: "f1" });
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
  });

  it("rejects as ApiError and logs out on a 401", async () => {
    sessionStore.set({ user: { username: "ana", role: "admin" }, token: "tok" });
    const promise = xhrUpload("/api/admin/files/upload", new FormData());
    currentXhr().respond(401, JSON.stringify({ message: "Session expired" }));
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "Session expired", serverMessage: "Session expired" });
    expect(sessionStore.get()).toBeNull();
  });

  it("keeps the session on other errors and reports a network error as status 0", async () => {
    sessionStore.set({ user: { username: "ana", role: "admin" }, token: "tok" });
    const tooLarge = xhrUpload("/api/admin/files/upload", new FormData());
    currentXhr().respond(413, JSON.stringify({ message: "File too large. The limit is 1 GB." }));
    await expect(tooLarge).rejects.toMatchObject({ status: 413, serverMessage: "File too large. The limit is 1 GB." });
    expect(sessionStore.get()?.token).toBe("tok");

    const offline = xhrUpload("/api/admin/files/upload", new FormData());
    currentXhr().fail();
    const error = await offline.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: "Network error" });
  });

  it("sends no authorization header when nobody is logged in", () => {
    void xhrUpload("/api/admin/files/upload", new FormData());
    expect(currentXhr().headers.authorization).toBeUndefined();
  });

  it("passes an abort through as an AbortError", async () => {
    const controller = new AbortController();
    const promise = xhrUpload("/api/admin/files/upload", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: "AbortError" });
  });
});
