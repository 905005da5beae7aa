import { describe, expect, it } from "vitest";
import { bearerToken, checkConnect } from "./session-auth.ts";
import type { Frame } from "./stomp/frame.ts";

const connect = (...headers: [string, string][]): Frame => ({
  command: "CONNECT",
  headers: [["accept-version", "1.2"], ...headers],
  body: new Uint8Array(),
});

describe("a CONNECT's bearer token", () => {
  it("comes from Authorization, in either spelling, the first one if repeated", () => {
    expect(bearerToken(connect(["Authorization", "Bearer abc.def-ghi"]))).toBe("abc.def-ghi");
    expect(bearerToken(connect(["authorization", "bearer   tok  "]))).toBe("tok");
    expect(bearerToken(connect(["Authorization", "Bearer one"], ["Authorization", "Bearer two"]))).toBe("one");
  });

  it("is missing without a well-formed header", () => {
    expect(bearerToken(connect())).toBeUndefined();
    expect(bearerToken(connect(["Authorization", "Basic dXNlcjpwYXNz"]))).toBeUndefined();
    expect(bearerToken(connect(["Authorization", "Bearer two words"]))).toBeUndefined();
    expect(bearerToken(connect(["Authorization", "Bearer "]))).toBeUndefined();
  });
});

describe("checking a CONNECT", () => {
  const alice = { id: 7, username: "Alice", role: "employee" as const };
  const authenticate = async (token: string) => (token === "good" ? alice : null);
  const open = () => false;

  it("gives the user, the token and when the check started", async () => {
    const checked = await checkConnect(connect(["Authorization", "Bearer good"]), authenticate, open);
    expect(checked).toMatchObject({ user: alice, token: "good" });
    expect(checked.refused).toBeUndefined();
  });

  it("accepts a username header naming the token's user, in any case", async () => {
    const frame = connect(["Authorization", "Bearer good"], ["username", "alice"]);
    expect((await checkConnect(frame, authenticate, open)).refused).toBeUndefined();
  });

  it("refuses a missing or bad token, another user's name, and a socket closed meanwhile", async () => {
    const refusal = async (frame: Frame, closing = open) => (await checkConnect(frame, authenticate, closing)).refused;
    expect(await refusal(connect())).toMatchObject({ accepted: false, closeCode: 1008 });
    expect((await refusal(connect(["Authorization", "Bearer bad"])))?.message).toBeDefined();
    expect((await refusal(connect(["Authorization", "Bearer good"], ["username", "bob"])))?.message).toBe(
      "The username header does not match the token",
    );
    expect(await refusal(connect(["Authorization", "Bearer good"]), () => true)).toMatchObject({ accepted: false });
  });
});
