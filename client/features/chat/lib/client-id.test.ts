import { afterEach, describe, expect, it, vi } from "vitest";
import { chatLimits, clientIdSchema } from "../../../../shared/chat.ts";
import { newClientId } from "./client-id.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newClientId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a fresh UUID the server accepts as a clientId", () => {
    const a = newClientId();
    expect(a).toMatch(uuid);
    expect(a).not.toBe(newClientId());
    expect(clientIdSchema.safeParse(a).success).toBe(true);
    expect(a.length).toBeLessThanOrEqual(chatLimits.clientIdMaxChars);
  });

  it("is a UUID where crypto.randomUUID is missing (a page on plain http)", () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(crypto) });
    expect(newClientId()).toMatch(uuid);
  });
});
