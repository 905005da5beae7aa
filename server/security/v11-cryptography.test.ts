/**
 * ASVS 5.0 V11 Cryptography: passwords stored with a memory-hard hash (V11.4.2), unguessable
 * values from a CSPRNG with at least 128 bits (V11.5.1), keys long enough for HS256 (V11.2.3).
 */
import { eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, createEmployee, loginAs, testAdmin } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { loadConfig } from "../config.ts";
import { users } from "../db/schema.ts";

describe("V11 Cryptography", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("V11.4.2 passwords are stored as argon2id hashes (m = 19 MiB, t = 2, p = 1), each with its own salt", async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, testAdmin.username));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(admin?.passwordHash).not.toContain(testAdmin.password);
    // The same password set through the API twice: two different hashes.
    const token = await adminToken(t);
    const hashes: string[] = [];
    for (const username of ["salt.one", "salt.two"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/register-employee",
        headers: authHeader(token),
        payload: {
          name: "Salt Test",
          email: `${username}@example.com`,
          role: "QA",
          username,
          password: "quartz-lantern-meadow-7",
        },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
      hashes.push(row?.passwordHash ?? "");
    }
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it("V11.5.1 session ids are 128 random bits, new for every login", async () => {
    const employee = await createEmployee(t);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(String(decodeJwt(await loginAs(t, employee)).jti));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(16);
  });

  it("V11.5.1 share link tokens carry 192 random bits", async () => {
    const token = await adminToken(t);
    const urls = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const form = multipart([
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: Buffer.from("x"), fileName: "x.txt" },
      ]);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...form.headers, ...authHeader(token) },
        payload: form.payload,
      });
      urls.add(response.json().fileUrl);
    }
    expect(urls.size).toBe(3);
    for (const url of urls) expect(Buffer.from(url.split("/share/")[1] ?? "", "base64url")).toHaveLength(24);
  });

  it("V11.2.3 tokens are HS256 with a key of at least 256 bits: a shorter JWT_SECRET is refused at start-up", async () => {
    expect(decodeProtectedHeader(await adminToken(t)).alg).toBe("HS256");
    expect(() => loadConfig({ JWT_SECRET: "x".repeat(31) })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(loadConfig({ JWT_SECRET: "x".repeat(32) }).jwtSecret).toHaveLength(32);
  });
});
