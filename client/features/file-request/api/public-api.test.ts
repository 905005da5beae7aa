import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "~/lib/http-error";
import { checkPassword } from "./check-password.ts";
import { getFileRequest } from "./get-file-request.ts";

const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body?: unknown) {
  calls.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = {
  title: "Drawings for Harbor Point",
  message: null,
  expiresAt: "2026-12-03T10:00:00.000Z",
  maxTotalBytes: 500 * 1024 * 1024,
  receivedBytes: 0,
  hasPassword: true,
};

describe("getFileRequest", () => {
  it("asks anonymously, by the link's token", async () => {
    answer(200, request);
    await expect(getFileRequest("abc_DEF-1")).resolves.toEqual(request);
    expect(calls[0]?.url).toBe("/api/file-requests/abc_DEF-1");
    // Not the staff's cookies or token, even when an admin is logged in in the same browser.
    expect(calls[0]?.init.credentials).toBe("omit");
    expect(new Headers(calls[0]?.init.headers).has("authorization")).toBe(false);
  });

  it("tells an unknown link (404) from an expired one (410)", async () => {
    answer(404, { message: "Not found." });
    await expect(getFileRequest("x")).rejects.toMatchObject({ status: 404, serverMessage: "Not found." });
    answer(410, { message: "This link has expired." });
    await expect(getFileRequest("x")).rejects.toBeInstanceOf(HttpError);
  });

  it("reports no connection as status 0", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(getFileRequest("x")).rejects.toMatchObject({ status: 0 });
  });
});

describe("checkPassword", () => {
  it("posts the password as JSON and resolves on 204", async () => {
    answer(204);
    await expect(checkPassword({ token: "abc", password: "Harbor-7" })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe("/api/file-requests/abc/password");
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe(JSON.stringify({ password: "Harbor-7" }));
  });

  it("rejects a wrong password with 401 and too many tries with 429", async () => {
    answer(401, { message: "Wrong password." });
    await expect(checkPassword({ token: "abc", password: "x" })).rejects.toMatchObject({ status: 401 });
    answer(429, { message: "Too many tries." });
    await expect(checkPassword({ token: "abc", password: "x" })).rejects.toMatchObject({ status: 429 });
  });
});
