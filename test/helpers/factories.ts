import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { users } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/lib/password-hashing.ts";
import type { TestApp } from "./app.ts";

/** The admin every test app starts with (test/helpers/app.ts). */
export const testAdmin = { username: "admin", password: "admin-password-1" } as const;

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** A unique, valid username. */
export const uniqueUsername = (prefix = "user") => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}`;

// Hashing is deliberately slow: factories share one hash per password.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export interface EmployeeOverrides {
  username?: string;
  password?: string;
  name?: string;
  email?: string;
  jobRole?: string;
  status?: "active" | "disabled";
  performance?: number;
  projects?: string[];
  kind?: "admin" | "employee";
}

/** Inserts an account straight into the database; returns its row and its clear password. */
export async function createEmployee(t: TestApp, overrides: EmployeeOverrides = {}) {
  const username = overrides.username ?? uniqueUsername();
  const password = overrides.password ?? "employee-password-1";
  const [row] = await t.app.db
    .insert(users)
    .values({
      kind: overrides.kind ?? "employee",
      name: overrides.name ?? `Employee ${username}`,
      email: overrides.email ?? `${username}@example.com`,
      jobRole: overrides.jobRole ?? "Modeler",
      username,
      passwordHash: await hashOnce(password),
      status: overrides.status ?? "active",
      performance: overrides.performance ?? 50,
      projects: overrides.projects ?? [],
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return { ...row, password };
}

export function login(
  t: TestApp,
  body: { username: string; password: string; role: string },
  remoteAddress = randomAddress(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: "POST", url: "/api/auth/login", payload: body, remoteAddress });
}

/** Logs in through the API and returns the token (fails the test when the login fails). */
export async function loginAs(
  t: TestApp,
  account: { username: string; password: string; kind?: string },
  role = account.kind ?? "employee",
): Promise<string> {
  const response = await login(t, { username: account.username, password: account.password, role });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

export const adminToken = (t: TestApp) => loginAs(t, testAdmin, "admin");

let addressCounter = randomBytes(2).readUInt16BE() * 256;
/** A fresh private address per call, so per-address throttling in one test does not leak into another. */
export const randomAddress = () => {
  const n = addressCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A fresh employee with a session: its row, its password and its token. */
export async function employeeSession(t: TestApp, overrides: EmployeeOverrides = {}) {
  const employee = await createEmployee(t, overrides);
  const token = await loginAs(t, employee, "employee");
  return { employee, token };
}
