import { describe, expect, it } from "vitest";
import { decodeSendBody } from "./app-sends.ts";
import { transportRefusals } from "./refusals.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a SEND's body", () => {
  it("is parsed as JSON; an empty or blank body is undefined", () => {
    expect(decodeSendBody(bytes('{"recipient":"bob","content":"héllo"}'))).toEqual({
      body: { recipient: "bob", content: "héllo" },
    });
    expect(decodeSendBody(bytes(""))).toEqual({ body: undefined });
    expect(decodeSendBody(bytes(" \n"))).toEqual({ body: undefined });
  });

  it("is refused when it is not UTF-8, or not JSON", () => {
    expect(decodeSendBody(Uint8Array.of(0x7b, 0xff, 0x7d))).toEqual({ refusal: transportRefusals.notUtf8 });
    expect(decodeSendBody(bytes("{recipient: bob}"))).toEqual({ refusal: transportRefusals.notJson });
  });
});
