import { describe, expect, it, vi } from "vitest";
import { currentXhr, FakeXhr, installFakeXhr } from "../../test/helpers/fake-xhr.ts";
import { HttpError } from "./http-error.ts";
import { uploadPercent, uploadWithProgress } from "./upload.ts";

describe("uploadPercent", () => {
  it("rounds to whole percents within 0–100", () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(2, 3)).toBe(67);
    expect(uploadPercent(200, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
  });
  it("is 0 when the total is unknown", () => {
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(10, Number.NaN)).toBe(0);
  });
});

describe("uploadWithProgress", () => {
  installFakeXhr();

  it("POSTs the body with accept JSON and the given headers, anonymous by default", () => {
    const body = new FormData();
    void uploadWithProgress("/api/x", body, { headers: { authorization: "Bearer t" } });
    const xhr = currentXhr();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/x");
    expect(xhr.body).toBe(body);
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.headers).toEqual({ accept: "application/json", authorization: "Bearer t" });
  });

  it("sends credentials when asked", () => {
    void uploadWithProgress("/api/x", new FormData(), { withCredentials: true });
    expect(currentXhr().withCredentials).toBe(true);
  });

  it("reports progress only when computable, never above 100, then 100 on success with the JSON", async () => {
    const onProgress = vi.fn();
    const promise = uploadWithProgress("/api/x", new FormData(), { onProgress });
    const xhr = currentXhr();
    xhr.progress(50, 200);
    xhr.progress(10, 200, false);
    xhr.progress(10, 0);
    xhr.progress(250, 200);
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
    xhr.respond(201, JSON.stringify({ id: 7 }));
    await expect(promise).resolves.toEqual({ id: 7 });
    expect(onProgress.mock.calls).toEqual([[25], [100], [100]]);
  });

  it("resolves undefined for an empty success answer", async () => {
    const promise = uploadWithProgress("/api/x", new FormData());
    currentXhr().respond(204, "");
    await expect(promise).resolves.toBeUndefined();
  });

  it("passes the answer through parse, and fails without reporting 100 when parse throws", async () => {
    const onProgress = vi.fn();
    const parse = (data: unknown) => {
      if (typeof data !== "object" || data === null || !("ok" in data)) throw new Error("bad");
      return "parsed";
    };
    const good = uploadWithProgress("/api/x", new FormData(), { parse });
    currentXhr().respond(200, JSON.stringify({ ok: true }));
    await expect(good).resolves.toBe("parsed");

    const bad = uploadWithProgress("/api/x", new FormData(), { onProgress, parse });
    currentXhr().respond(200, JSON.stringify({ nope: true }));
    const error = await bad.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, message: "The upload answer was not understood." });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it("rejects an error answer with its status, message and string field errors", async () => {
    const onProgress = vi.fn();
    const promise = uploadWithProgress("/api/x", new FormData(), { onProgress });
    currentXhr().respond(
      400,
      JSON.stringify({ message: "Check the form.", errors: { email: "Enter an email.", count: 3 } }),
    );
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: "Check the form.",
      serverMessage: "Check the form.",
      errors: { email: "Enter an email." },
    });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it("rejects a non-JSON error answer with a generic message and no server message", async () => {
    const promise = uploadWithProgress("/api/x", new FormData());
    currentXhr().respond(502, "<html>Bad Gateway</html>");
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, message: "Upload failed (502)", serverMessage: undefined });
    expect((error as HttpError).errors).toBeUndefined();
  });

  it("rejects a network error as status 0 'Network error'", async () => {
    const promise = uploadWithProgress("/api/x", new FormData());
    currentXhr().fail();
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: "Network error" });
  });

  it("rejects with an AbortError without sending when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const promise = uploadWithProgress("/api/x", new FormData(), { signal: controller.signal });
    expect(FakeXhr.last).toBeUndefined();
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("aborts the request and rejects with an AbortError when the signal aborts during the upload", async () => {
    const controller = new AbortController();
    const promise = uploadWithProgress("/api/x", new FormData(), { signal: controller.signal });
    const xhr = currentXhr();
    expect(xhr.sent).toBe(true);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("leaves a finished request alone when the signal aborts later", async () => {
    const controller = new AbortController();
    const promise = uploadWithProgress("/api/x", new FormData(), { signal: controller.signal });
    const xhr = currentXhr();
    xhr.respond(200, "{}");
    await expect(promise).resolves.toEqual({});
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });

  it("calls onUnauthorized on a 401 only", async () => {
    const onUnauthorized = vi.fn();
    const forbidden = uploadWithProgress("/api/x", new FormData(), { onUnauthorized });
    currentXhr().respond(403, JSON.stringify({ message: "Forbidden" }));
    await expect(forbidden).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const unauthorized = uploadWithProgress("/api/x", new FormData(), { onUnauthorized });
    currentXhr().respond(401, JSON.stringify({ message: "Session expired" }));
    await expect(unauthorized).rejects.toMatchObject({ status: 401, serverMessage: "Session expired" });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
