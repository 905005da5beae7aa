import { describe, expect, it, vi } from "vitest";
import { currentXhr, installFakeXhr } from "../../../../test/helpers/fake-xhr.ts";
import { postForm, SubmitError } from "./post-form.ts";

describe("postForm", () => {
  installFakeXhr();

  it("posts anonymously and resolves the JSON", async () => {
    const onProgress = vi.fn();
    const promise = postForm<{ id: string }>("/api/contact/submit", new FormData(), { onProgress });
    const xhr = currentXhr();
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.headers).toEqual({ accept: "application/json" });
    xhr.progress(3, 4);
    xhr.respond(201, JSON.stringify({ id: "l1" }));
    await expect(promise).resolves.toEqual({ id: "l1" });
    expect(onProgress.mock.calls).toEqual([[75], [100]]);
  });

  it("rejects a refusal as SubmitError with the field errors, and never logs anyone out on a 401", async () => {
    const refused = postForm("/api/contact/submit", new FormData());
    currentXhr().respond(400, JSON.stringify({ message: "Check the form.", errors: { email: "Enter an email." } }));
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmitError);
    expect(error).toMatchObject({ status: 400, message: "Check the form.", errors: { email: "Enter an email." } });

    const unauthorized = postForm("/api/contact/submit", new FormData());
    currentXhr().respond(401, "");
    await expect(unauthorized).rejects.toMatchObject({ status: 401, message: "Request failed (401)", errors: {} });
  });

  it("rejects a network error as SubmitError status 0 and an abort as AbortError", async () => {
    const offline = postForm("/api/contact/submit", new FormData());
    currentXhr().fail();
    const error = await offline.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmitError);
    expect(error).toMatchObject({ status: 0, message: "Network error", errors: {} });

    const controller = new AbortController();
    const aborted = postForm("/api/contact/submit", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });
});
