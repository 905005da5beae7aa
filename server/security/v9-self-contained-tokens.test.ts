/**
 * ASVS 5.0 V9 Self-contained Tokens: the session JWT is accepted only when signed with our key
 * by the pinned algorithm, current, meant for us, and not ended. Each forgery is checked against
 * a control token forged the same way with everything right, so a refusal means what it says.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { decodeJwt, exportJWK, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, authHeader } from "../../test/helpers/factories.ts";
import { RawClient, type RealtimeTestApp, startApp } from "../../test/helpers/realtime.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../plugins/auth.ts";

type Claims = Record<string, unknown>;

describe("V9 Self-contained Tokens", () => {
  let t: RealtimeTestApp;
  let key: Uint8Array;
  let claims: Claims;
  beforeAll(async () => {
    t = await startApp({ broker: "memory" });
    key = new TextEncoder().encode(t.config.jwtSecret);
    // The admin's real claims, so forged tokens differ from a valid one only where the test says.
    const { sub, username, role, ver } = decodeJwt(await adminToken(t));
    claims = { sub, username, role, ver };
  });
  afterAll(async () => t.close());

  const forge = (
    overrides: Claims = {},
    options: { alg?: string; secret?: Uint8Array; issuer?: string; audience?: string; expires?: number | string } = {},
  ) =>
    new SignJWT({ ...claims, ...overrides })
      .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
      .setJti(randomUUID())
      .setIssuer(options.issuer ?? TOKEN_ISSUER)
      .setAudience(options.audience ?? TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expires ?? "1h")
      .sign(options.secret ?? key);
  const status = async (token: string) =>
    (await t.app.inject({ url: "/api/admin/employees", headers: authHeader(token) })).statusCode;

  it("control: a token forged with our key, algorithm and claims is accepted", async () => {
    expect(await status(await forge())).toBe(200);
  });

  it("V9.1.1 a tampered payload or signature is refused", async () => {
    const [header, , signature] = (await forge()).split(".");
    const employeePayload = Buffer.from(JSON.stringify({ ...decodeJwt(await forge()), sub: "2" })).toString(
      "base64url",
    );
    expect(await status(`${header}.${employeePayload}.${signature}`)).toBe(401);
    const token = await forge();
    expect(await status(`${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`)).toBe(401);
  });

  it("V9.1.2 only HS256 is accepted: alg none, HS512 and an RS256 token signed with someone's key are refused", async () => {
    const unsigned = new UnsecuredJWT({ ...claims, jti: randomUUID() })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .encode();
    expect(await status(unsigned)).toBe(401);
    expect(await status(await forge({}, { alg: "HS512" }))).toBe(401);
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(await status(await forge({}, { alg: "RS256", secret: privateKey as unknown as Uint8Array }))).toBe(401);
  });

  it("V9.1.3 a token naming its own key (embedded jwk) is refused: keys come from our configuration only", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "ES256", jwk: await exportJWK(publicKey) })
      .setJti(randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect(await status(token)).toBe(401);
    expect(await status(await forge({}, { secret: new TextEncoder().encode("x".repeat(48)) }))).toBe(401);
  });

  it("V9.2.1 an expired token, or one not valid yet, is refused", async () => {
    expect(await status(await forge({}, { expires: Math.floor(Date.now() / 1000) - 5 }))).toBe(401);
    expect(await status(await forge({ nbf: Math.floor(Date.now() / 1000) + 3600 }))).toBe(401);
  });

  it("V9.2.3 a token for another audience or from another issuer is refused", async () => {
    expect(await status(await forge({}, { audience: "steelcraft-shop" }))).toBe(401);
    expect(await status(await forge({}, { issuer: "someone-else" }))).toBe(401);
  });

  it("V9.2.2 claims must make sense for the account: another role, an old version or a missing session id are refused", async () => {
    expect(await status(await forge({ role: "employee" }))).toBe(401);
    expect(await status(await forge({ ver: Number(claims.ver) + 1 }))).toBe(401);
    const withoutSession = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect(await status(withoutSession)).toBe(401);
    expect(await status(`${await forge()}${"A".repeat(5000)}`)).toBe(401);
  });

  it("V9.1.1 the chat socket applies the same check to its CONNECT token", async () => {
    const unsigned = new UnsecuredJWT({ ...claims, jti: randomUUID() })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime("1h")
      .encode();
    const client = await RawClient.open(t.url);
    client.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${unsigned}` });
    expect((await client.next()).command).toBe("ERROR");
    await client.waitClosed();
    // Control: the right token connects.
    const { client: ok } = await RawClient.connect(t.url, await forge());
    ok.close();
  });
});
