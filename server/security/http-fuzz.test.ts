/**
 * An HTTP fuzzer over the whole API (DESIGN §4, §14): for every route and method of the OpenAPI
 * document the app generates, requests as an anonymous visitor, an employee and an admin, with
 * inputs built from the route's own schema and then broken: path parameters (real ids, junk,
 * huge, negative, NUL, percent-encoded garbage), query strings, JSON bodies (wrong types, missing
 * and extra fields, NUL and C0 controls, long and odd Unicode text, deep nesting, `__proto__`),
 * wrong content types, broken JSON, broken multipart. Every answer must be below 500, and every
 * error answer JSON `{message}` that shows no stack trace, file path or SQL.
 *
 * Deterministic: a fixed seed (FUZZ_SEED overrides it, FUZZ_CASES the cases per route and role),
 * each route with its own stream of the generator, so a failure names the seed that replays it.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { publicFormFields } from "../../shared/public-forms.ts";
import { createTestApp } from "../../test/helpers/app.ts";
import { solvedCaptcha } from "../../test/helpers/captcha.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  randomAddress,
} from "../../test/helpers/factories.ts";
import { multipart, type Part } from "../../test/helpers/multipart.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import {
  chatAttachments,
  chatGroups,
  jobApplications,
  messages,
  quoteRequests,
  rfis,
  sharedFiles,
  transmittals,
  users,
} from "../db/schema.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2026);

// ---- A seeded generator ----------------------------------------------------------------------

/** mulberry32: small, fast, good enough to pick test inputs, and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const word = (min = 1, max = 12) => {
    const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    return Array.from({ length: int(min, max) }, () => chars[int(0, chars.length - 1)]).join("");
  };
  return { next, int, pick, chance, word };
}
type Random = ReturnType<typeof generator>;

/** What a mutation hits: mostly one item (so the rest stays valid and the request gets far), else several. */
function targets<T>(items: readonly T[], random: Random): T[] {
  if (items.length === 0) return [];
  if (random.chance(0.7)) return [random.pick(items)];
  const chosen = items.filter(() => random.chance(0.5));
  return chosen.length > 0 ? chosen : [random.pick(items)];
}

/** Each route draws from its own stream: adding a route does not change what the others get. */
const streamFor = (key: string) => generator(SEED ^ createHash("sha256").update(key).digest().readUInt32BE(0));

// ---- Hostile values ----------------------------------------------------------------------------

const NUL = "\u0000";
const controls = [1, 2, 7, 8, 11, 12, 14, 27, 31].map((code) => String.fromCharCode(code));
const oddText = [
  "😀🏗️ steel",
  "\u202eevil.pdf",
  "\ud800",
  "\udfff lone",
  "\ufeffbom",
  "\u0085next line",
  "del\u007f",
  "ｆｕｌｌ ｗｉｄｔｈ",
  "e\u0301",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "%00%0a%ff",
  ["$", "{jndi:ldap://x}"].join(""),
  "{{7*7}}",
  " ",
  "",
  "null",
  "\t\r\n",
];
const wrongTypes: unknown[] = [0, -1, 1.5, 1e308, -1e308, true, false, null, [], {}, "", "123", [1, "a"], { a: 1 }];
const extraFields: [string, unknown][] = [
  ["id", 1],
  ["kind", "admin"],
  ["role", "admin"],
  ["isAdmin", true],
  ["tokenVersion", -1],
  ["createdBy", "admin"],
  ["sender", "admin"],
  ["password", "x"],
];
const pathJunk = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "1e400",
  "0x10",
  "99999999999999999999",
  "9007199254740993",
  "-9223372036854775809",
  "NaN",
  "Infinity",
  "abc",
  "%00",
  "1%00",
  "%01",
  "%1F",
  "%0a",
  "..",
  "%2e%2e",
  "..%2f..%2fetc%2fpasswd",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%C0%80",
  "%ED%A0%80",
  encodeURIComponent("é😀"),
  "é",
  "%20",
  "__proto__",
  "constructor",
  "a".repeat(199),
  "a".repeat(300),
];
const queryJunk = [
  "%00",
  "a%00b",
  "%07",
  "%1B[31m",
  "%",
  "%ZZ",
  "%ED%A0%80",
  "-1",
  "99999999999999999999",
  "1e400",
  "NaN",
  "",
  "%20%20",
  "x".repeat(5000),
  encodeURIComponent("é😀' OR 1=1 --"),
];

/** Every category, each case of a route taking the next one of `schedule` (text breakage weighs most). */
const categories = [
  "valid",
  "nul",
  "control",
  "long",
  "unicode",
  "wrongType",
  "missing",
  "extra",
  "proto",
  "nested",
  "arrayForObject",
  "brokenBody",
  "contentType",
  "path",
  "query",
] as const;
type Category = (typeof categories)[number];
const weights: Partial<Record<Category, number>> = { nul: 5, control: 3, valid: 2, unicode: 2, long: 2 };
const schedule: Category[] = categories.flatMap((category) => Array(weights[category] ?? 1).fill(category));
/**
 * Requests per route, method and role (the HEAD twins of GET routes get a quarter of that): one
 * round of the schedule, every category at its weight (decision 067; it was 32, the round and a
 * third of another, which drew more random inputs of the same categories).
 */
const CASES = Number(process.env.FUZZ_CASES ?? schedule.length);

// ---- The OpenAPI document ----------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
}
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: Schema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** The body is an HTML form's (application/x-www-form-urlencoded), described by `body`. */
  urlencoded?: boolean;
  form?: MultipartForm;
  cases: number;
}

/** Multipart routes: OpenAPI 3 keeps no multipart schema for them, so their fields are listed here. */
interface MultipartForm {
  fields: Record<string, string>;
  file: { field: string; content: Buffer; name: string; type: string; optional: boolean };
  captcha: boolean;
}
const multipartForms: Record<string, MultipartForm> = {
  "POST /api/contact/submit": {
    fields: {
      name: "Dana Fabricator",
      email: "dana@steelworks.example",
      company: "Steelworks",
      phone: "+1 (412) 555-0100",
      projectName: "Riverside",
      tonsOfSteel: "350",
      proposalDate: "07/15/2025",
      projectDate: "9/1/2025",
      scopeOfWork: "Main steel.\nStairs.",
      projectUrl: "https://plans.example.com/riverside",
      workTypes: JSON.stringify(["Structural Steel Detailing"]),
    },
    file: {
      field: publicFormFields.quoteFile,
      content: samples.pdf,
      name: "plan.pdf",
      type: "application/pdf",
      optional: true,
    },
    captcha: true,
  },
  "POST /api/applications/submit": {
    fields: {
      name: "Ravi Modeler",
      email: "ravi@example.in",
      phone: "+91 98765 43210",
      message: "Tekla.",
      position: "Sr. Modeler",
      keepForFutureRoles: "true",
    },
    file: {
      field: publicFormFields.cv,
      content: samples.pdf,
      name: "cv.pdf",
      type: "application/pdf",
      optional: false,
    },
    captcha: true,
  },
  "POST /api/admin/files/upload": {
    fields: { expiryMinutes: "60" },
    file: {
      field: "file",
      content: Buffer.from("shared notes\n"),
      name: "notes.txt",
      type: "text/plain",
      optional: false,
    },
    captcha: false,
  },
  "POST /api/admin/site/images": {
    fields: { alt: "A portal frame", decorative: "false", focalX: "0.5", focalY: "0.4" },
    file: { field: "file", content: samples.png, name: "frame.png", type: "image/png", optional: false },
    captcha: false,
  },
  "POST /api/projects/{job}/drawings": {
    fields: { number: "E-101", revision: "A", title: "Anchor bolt plan" },
    file: { field: "file", content: samples.pdf, name: "E-101 A.pdf", type: "application/pdf", optional: false },
    captcha: false,
  },
  "POST /api/projects/{job}/drawings/import": {
    fields: {},
    file: {
      field: "file",
      content: Buffer.from("Drawing No,Title,Rev\r\nE-101,Anchor bolt plan,A\r\n"),
      name: "register.csv",
      type: "text/csv",
      optional: false,
    },
    captcha: false,
  },
  "POST /api/projects/{job}/files": {
    fields: { category: "contract", note: "Issued for construction" },
    file: { field: "file", content: samples.pdf, name: "S-1.pdf", type: "application/pdf", optional: false },
    captcha: false,
  },
  "POST /api/rfi/{token}": {
    fields: { answer: "Bolted, as suggested." },
    file: { field: "files", content: samples.pdf, name: "SK-1.pdf", type: "application/pdf", optional: true },
    captcha: false,
  },
  "POST /api/review/{token}/sheets/{number}/markups": {
    fields: {},
    file: { field: "file", content: samples.pdf, name: "E-101 markup.pdf", type: "application/pdf", optional: false },
    captcha: false,
  },
  "POST /upload": {
    fields: {},
    file: { field: "file", content: samples.pdf, name: "drawing.pdf", type: "application/pdf", optional: false },
    captcha: false,
  },
};
/** Routes that take no body at all (their requests still get random ones). */
const bodyless = new Set([
  "POST /api/auth/logout",
  "POST /messages/{id}/read",
  "POST /private/{username}/mark-read/{me}",
  "POST /api/chat/attachment-session",
  "POST /api/group/{id}/mark-read/{me}",
  "PUT /api/chat/messages/{id}/reactions/{emoji}",
  "POST /api/applications/{id}/erase",
  "POST /api/projects/{job}/drawings/{number}/release",
  "POST /api/projects/{job}/rfis/{number}/close",
  "POST /api/projects/{job}/rfis/{number}/void",
  "POST /api/projects/{job}/transmittals/{number}/void",
  "POST /api/admin/site/versions/{id}/restore",
  "POST /api/admin/site/preview",
  // tus: its input is headers and a raw body (resumable-uploads.test.ts sends it hostile ones).
  "POST /api/uploads",
  "POST /api/uploads/",
  "PATCH /api/uploads/{id}",
]);

// ---- The app, its data and its sessions --------------------------------------------------------

const t = await createTestApp();
const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const methodOrder = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const key = `${method.toUpperCase()} ${path}`;
      return {
        key,
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body:
          spec.requestBody?.content["application/json"]?.schema ??
          spec.requestBody?.content["application/x-www-form-urlencoded"]?.schema,
        urlencoded: Boolean(spec.requestBody?.content["application/x-www-form-urlencoded"]),
        form: multipartForms[key],
        cases: CASES,
      };
    }),
  )
  // Auto HEAD twins of GET routes, not in the document: a few cases each.
  .flatMap((operation) =>
    operation.method === "GET" && !document.paths[operation.path]?.head
      ? [operation, { ...operation, key: `HEAD ${operation.path}`, method: "HEAD", cases: Math.ceil(CASES / 4) }]
      : [operation],
  )
  // Reads first, deletions last, so the real rows are there for most of the run.
  .sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method));

type Role = "anonymous" | "employee" | "admin";
const roles: Role[] = ["anonymous", "employee", "admin"];
const sessions: Record<Role, { headers: Record<string, string>; username?: string }> = {
  anonymous: { headers: {} },
  employee: { headers: {} },
  admin: { headers: authHeader(await adminToken(t)), username: "admin" },
};

async function newEmployeeSession() {
  const { employee, token } = await employeeSession(t, { name: "Fuzz Employee", projects: ["Riverside"] });
  sessions.employee = { headers: authHeader(token), username: employee.username };
}
await newEmployeeSession();

/** A new session for an account that is still active, signed directly (no password hashing: this happens often). */
async function resumeSession(username: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.username, username)).limit(1);
  if (row?.status !== "active") return undefined;
  return { headers: authHeader(await t.app.auth.signToken(row)), username };
}

/**
 * The fuzzer logs out, edits, disables and deletes accounts: a session that ended is replaced
 * (the same account if it can still log in, else a new employee) before the next request.
 */
async function ensureSessions() {
  for (const role of ["employee", "admin"] as const) {
    const me = await t.app.inject({ url: "/api/auth/me", headers: sessions[role].headers });
    if (me.statusCode === 200) continue;
    const resumed = await resumeSession(sessions[role].username!);
    if (resumed) sessions[role] = resumed;
    else if (role === "employee") await newEmployeeSession();
    else throw new Error(`the admin account cannot log in any more: ${me.statusCode} ${me.body}`);
  }
}

const other = await createEmployee(t, { name: "Other Person" });
/** The job number of the project seed() makes. */
const fuzzJob = "FUZZ-1";
const employeeName = sessions.employee.username!;

/** Real rows for the routes to find: a group, messages, leads with files, a shared file, an attachment. */
async function seed() {
  const admin = sessions.admin.headers;
  const group = await t.app.inject({
    method: "POST",
    url: "/api/group/create",
    headers: admin,
    payload: { name: "Fuzz crew", members: [employeeName, other.username] },
  });
  expect(group.statusCode, group.body).toBe(201);
  const groupId = (group.json() as { id: number }).id;
  const accountOf = async (username: string) =>
    (
      await t.app.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, username))
    )[0]!;
  const [employee, adminAccount] = [await accountOf(employeeName), await accountOf("admin")];
  await t.app.chat.writer.write(
    { type: "PRIVATE_MESSAGE", sender: employee, recipient: other, content: "Drawings attached." },
    [other.id],
  );
  await t.app.chat.writer.write({ type: "GROUP_MESSAGE", sender: adminAccount, groupId, content: "Kick-off at 9." }, [
    employee.id,
    other.id,
  ]);

  const send = async (url: string, parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
      remoteAddress: randomAddress(),
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  };
  for (const key of ["POST /api/contact/submit", "POST /api/applications/submit"]) {
    const form = multipartForms[key]!;
    await send(key.split(" ")[1]!, [
      ...Object.entries(form.fields).map(([name, value]) => ({ name, value })),
      { name: publicFormFields.captcha, value: await solvedCaptcha(t, 1) },
      { name: form.file.field, value: form.file.content, fileName: form.file.name, contentType: form.file.type },
    ]);
  }
  await send(
    "/api/admin/files/upload",
    [
      { name: "expiryMinutes", value: "600" },
      { name: "file", value: Buffer.from("hello"), fileName: "hello.txt", contentType: "text/plain" },
    ],
    admin,
  );
  await send(
    "/upload",
    [{ name: "file", value: samples.pdf, fileName: "a.pdf", contentType: "application/pdf" }],
    sessions.employee.headers,
  );
  // A project with its team (the employee of the run, the other person), a sheet, a transmittal and
  // an RFI: the routes under /api/projects/{job} and the client's links reach real rows.
  const project = await t.app.inject({
    method: "POST",
    url: "/api/projects",
    headers: admin,
    payload: {
      job: fuzzJob,
      name: "Fuzz Mill",
      client: { company: "Acme", email: "a@acme.example" },
      team: [employeeName, other.username],
    },
  });
  expect(project.statusCode, project.body).toBe(201);
  const form = multipartForms["POST /api/projects/{job}/drawings"]!;
  await send(
    `/api/projects/${fuzzJob}/drawings`,
    [
      ...Object.entries(form.fields).map(([name, value]) => ({ name, value })),
      { name: form.file.field, value: form.file.content, fileName: form.file.name, contentType: form.file.type },
    ],
    admin,
  );
  for (const [url, payload] of [
    [
      `/api/projects/${fuzzJob}/transmittals`,
      { purpose: "approval", sheets: [{ number: "E-101", revision: "A" }], recipients: ["eor@client.example"] },
    ],
    [
      `/api/projects/${fuzzJob}/rfis`,
      { subject: "B12", question: "Bolted?", sheets: [], to: "eor@client.example", dueAt: "2030-01-01T00:00:00Z" },
    ],
  ] as const) {
    const created = await t.app.inject({ method: "POST", url, headers: admin, payload });
    expect(created.statusCode, `${url}: ${created.body}`).toBe(201);
  }
  const newsletter = await t.app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: { email: "news@example.com" },
    remoteAddress: randomAddress(),
  });
  expect(newsletter.statusCode).toBe(200);
}
await seed();

/** The table whose ids a route's `{id}` names (by its path); any table's ids for the others. */
const tablesByPath = [
  [/^\/api\/admin\/employees/, users],
  [/^\/api\/contact/, quoteRequests],
  [/^\/api\/applications/, jobApplications],
  [/^\/api\/admin\/files/, sharedFiles],
  [/^\/api\/group/, chatGroups],
  [/^\/messages/, messages],
] as const;

/** What exists now: ids, usernames, share tokens and attachment keys, for "valid" path values. */
async function existing(path: string) {
  const ids = new Set<number>();
  const own = tablesByPath.find(([pattern]) => pattern.test(path))?.[1];
  for (const table of own ? [own] : tablesByPath.map(([, table]) => table)) {
    for (const row of await t.app.db.select({ id: table.id }).from(table)) ids.add(row.id);
  }
  // Admin accounts are out of reach of the employee routes: their ids are no "valid" ones there.
  if (own === users) {
    for (const row of await t.app.db.select({ id: users.id }).from(users).where(eq(users.kind, "admin"))) {
      ids.delete(row.id);
    }
  }
  const usernames = (await t.app.db.select({ username: users.username }).from(users)).map((row) => row.username);
  const tokens = [
    ...(await t.app.db.select({ token: sharedFiles.token }).from(sharedFiles)),
    ...(await t.app.db.select({ token: rfis.token }).from(rfis)),
    ...(await t.app.db.select({ token: transmittals.token }).from(transmittals)),
  ].map((row) => row.token);
  const keys = (await t.app.db.select({ key: chatAttachments.key }).from(chatAttachments)).map((row) => row.key);
  return { ids: [...ids], usernames, tokens, keys };
}
type Existing = Awaited<ReturnType<typeof existing>>;

// ---- Inputs from a schema ------------------------------------------------------------------------

interface Context {
  random: Random;
  data: Existing;
  /** The caller's own username (for `me`, `username`, `user1`…). */
  self: string | undefined;
  /** Generating a JSON body: a `username` there is often a new one (registering, renaming). */
  inBody?: boolean;
}

const usernameFields = /^(me|username|user1|user2|members|allowedSenders|adminUsername)$/;

function validString(schema: Schema, name: string, context: Context): string {
  const { random, data, self } = context;
  if (/email/i.test(name)) return `fuzz.${random.word(1, 6)}@example.com`;
  if (name === "username" && context.inBody && random.chance(0.5)) return `fuzz.${random.word(3, 12)}`;
  if (usernameFields.test(name)) {
    if (self && (name === "me" || name === "username" || name === "user1") && random.chance(0.7)) return self;
    return random.pick(data.usernames);
  }
  if (name === "token")
    return random.chance(0.7) && data.tokens.length ? random.pick(data.tokens) : random.word(32, 32);
  if (name === "key") return random.chance(0.7) && data.keys.length ? random.pick(data.keys) : random.word(32, 32);
  // The seeded project, so that a project's routes (its forms among them) get past "no such job".
  if (name === "job" && random.chance(0.8)) return fuzzJob;
  if (name === "endpoint") return `https://push.example.com/send/${random.word()}`;
  if (name === "password") {
    return random.chance(0.3)
      ? random.pick(["employee-password-1", "admin-password-1"])
      : `Fuzz-${random.word(10, 20)}`;
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 12, min + 12);
  return random.word(Math.max(min, 1), Math.max(max, min, 1));
}

function validValue(schema: Schema, name: string, context: Context): unknown {
  const { random } = context;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return validValue(random.pick(branches), name, context);
  if (schema.nullable && random.chance(0.1)) return null;
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.6)) value[key] = validValue(property, key, context);
      }
      return value;
    }
    case "array": {
      const min = schema.minItems ?? 0;
      const count = random.int(min, Math.min(schema.maxItems ?? min + 3, min + 3));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, name, context));
    }
    case "integer":
    case "number": {
      if (name === "id" && context.data.ids.length && random.chance(0.8)) return random.pick(context.data.ids);
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      const min = (schema.minimum ?? 0) + exclusive;
      return random.int(min, Math.min(schema.maximum ?? min + 100, min + 100));
    }
    case "boolean":
      return random.chance(0.5);
    case "string":
      return validString(schema, name, context);
    default:
      return random.word();
  }
}

// ---- Breaking a valid JSON value ---------------------------------------------------------------

type Path = (string | number)[];
/** Every position in a value (the root included), and the string leaves among them. */
function positions(value: unknown, path: Path = [], out: { all: Path[]; strings: Path[] } = { all: [], strings: [] }) {
  out.all.push(path);
  if (typeof value === "string") out.strings.push(path);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) positions(item, [...path, i], out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) positions(item, [...path, key], out);
  }
  return out;
}
function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
}
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const parent = getAt(value, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = replacement;
  return value;
}
/** Puts `text` into a random string of the value (or a new field when it has none). */
function withText(value: unknown, random: Random, text: (old: string) => string): unknown {
  const { strings } = positions(value);
  if (strings.length > 0) {
    for (const path of targets(strings, random)) {
      value = setAt(value, path, text(getAt(value, path) as string));
    }
    return value;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    (value as Record<string, unknown>)[random.pick(["name", "q", "content", random.word()])] = text("");
    return value;
  }
  return text("");
}

/** Long text: repeated (compresses well) or random CJK (does not: what overflows an index entry). */
const longText = (random: Random) =>
  random.chance(0.7)
    ? random.pick(["A", "é", "😀", "ab "]).repeat(random.pick([300, 5_000, 70_000]))
    : Array.from({ length: random.pick([60, 1_900, 5_000]) }, () =>
        String.fromCharCode(random.int(0x4e00, 0x9fff)),
      ).join("");

const textCategories: ReadonlySet<Category> = new Set(["nul", "control", "long", "unicode"]);

/** How a text category breaks a string. */
function breakText(category: Category, random: Random): (old: string) => string {
  switch (category) {
    case "nul":
      return (old) => random.pick([`${old}${NUL}`, NUL, `${NUL}${old}`, `${old.slice(0, 1)}${NUL}${old.slice(1)}`]);
    case "control":
      return (old) => `${old}${random.pick(controls)}`;
    case "long":
      return (old) => (random.chance(0.5) ? longText(random) : `${old}${longText(random)}`);
    default:
      return (old) => random.pick([random.pick(oddText), `${old}${random.pick(oddText)}`]);
  }
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  /** A multipart text field holds a control character: the answer must not be a success. */
  controlInField?: boolean;
}

/**
 * The same body as an HTML form sends it: a JSON object's fields (values as text) form-encoded;
 * anything else (broken JSON, a wrong content type) is sent as it is.
 */
function formEncoded(body: Body): Body {
  if (body.contentType !== "application/json" || typeof body.payload !== "string") return body;
  let value: unknown;
  try {
    value = JSON.parse(body.payload);
  } catch {
    return body;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return body;
  try {
    const fields = Object.entries(value).map(([name, field]) => [
      name,
      typeof field === "string" ? field : JSON.stringify(field),
    ]);
    return { payload: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
  } catch {
    // Nested too deep to write back as text: the JSON itself is the hostile body.
    return body;
  }
}

/** A JSON body for the schema, broken as the category says. */
function jsonBody(schema: Schema | undefined, category: Category, context: Context): Body {
  const { random } = context;
  let value: unknown = schema
    ? validValue(schema, "body", { ...context, inBody: true })
    : random.chance(0.5)
      ? {}
      : undefined;
  const json = (v: unknown): Body => ({ payload: JSON.stringify(v), contentType: "application/json" });
  switch (category) {
    case "nul":
    case "control":
    case "long":
    case "unicode":
      value = withText(value, random, breakText(category, random));
      break;
    case "wrongType": {
      const { all } = positions(value);
      value = setAt(value, random.pick(all), structuredClone(random.pick(wrongTypes)));
      break;
    }
    case "missing": {
      const { all } = positions(value);
      const path = random.pick(all.filter((p) => p.length > 0).concat([[]]));
      if (path.length === 0) return random.chance(0.5) ? {} : { contentType: "application/json" };
      const parent = getAt(value, path.slice(0, -1));
      if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
      else delete (parent as Record<string, unknown>)[path.at(-1) as string];
      break;
    }
    case "extra": {
      if (!value || typeof value !== "object" || Array.isArray(value)) value = {};
      const target = value as Record<string, unknown>;
      for (let i = random.int(1, 3); i > 0; i--) {
        const [key, extra] = random.chance(0.6) ? random.pick(extraFields) : [random.word(), random.pick(wrongTypes)];
        target[key] = structuredClone(extra);
      }
      if (random.chance(0.2)) {
        // Many fields at once.
        for (let i = 0; i < 2_000; i++) target[`f${i}`] = i;
      }
      break;
    }
    case "proto": {
      // With a NUL now and then: a `constructor` key of the body's own must not hide the rest from the checks.
      if (random.chance(0.5)) value = withText(value, random, breakText("nul", random));
      const text = JSON.stringify(value ?? {});
      const poison = random.pick([
        '"__proto__":{"isAdmin":true,"kind":"admin","role":"admin"}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"__proto__":null',
        '"constructor":"x"',
        '"constructor":{}',
        '"prototype":{"x":1}',
      ]);
      const payload = text.startsWith("{")
        ? text === "{}"
          ? `{${poison}}`
          : `{${poison},${text.slice(1)}`
        : `{${poison},"value":${text}}`;
      return { payload, contentType: "application/json" };
    }
    case "nested": {
      const depth = random.pick([100, 2_000, 100_000]);
      const [open, close] = random.chance(0.5) ? ['{"a":', "}"] : ["[", "]"];
      const inner = random.chance(0.5) ? `"x${"\\u0000"}"` : "1";
      return { payload: `${open.repeat(depth)}${inner}${close.repeat(depth)}`, contentType: "application/json" };
    }
    case "arrayForObject": {
      const { all } = positions(value);
      const objects = all.filter((p) => {
        const node = getAt(value, p);
        return node !== null && typeof node === "object" && !Array.isArray(node);
      });
      if (objects.length === 0 || random.chance(0.3)) return json(random.pick([[value], [], "text", 42, null, true]));
      const path = random.pick(objects);
      value = setAt(value, path, [getAt(value, path)]);
      break;
    }
    case "brokenBody": {
      const text = JSON.stringify(value ?? {});
      return {
        payload: random.pick([
          text.slice(0, Math.max(1, text.length - random.int(1, 5))),
          `${text},`,
          `${text}garbage`,
          "{'single':'quotes'}",
          '{"a":1,}',
          "",
          "{",
          "[1,2",
          "NaN",
          "undefined",
          NUL,
          '{"name":"\\u0000"}',
          '{"name":"\\ud800"}',
          '{"name":"\\x41"}',
          '{"a":1}\u0000',
          Buffer.from([0xff, 0xfe, 0x7b, 0x00]).toString("latin1"),
        ]),
        contentType: "application/json",
      };
    }
    case "contentType": {
      const contentType = random.pick([
        undefined,
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=xyz",
        "application/xml",
        "application/json; charset=utf-16",
        "application/json; charset=latin1",
        "application/vnd.api+json",
        "application/octet-stream",
        "*/*",
        "application/json, text/plain",
        "",
      ]);
      return { payload: JSON.stringify(value ?? {}), contentType };
    }
    default:
      break;
  }
  return value === undefined ? {} : json(value);
}

/** A multipart body for a form route, broken as the category says. */
function multipartBody(form: MultipartForm, category: Category, context: Context, captcha: string | undefined): Body {
  const { random } = context;
  const fields: [string, string][] = Object.entries(form.fields);
  const file = { ...form.file };
  let withFile = !file.optional || random.chance(0.5);
  const mutateField = (text: (old: string) => string) => {
    if (fields.length === 0 || random.chance(0.15)) fields.push([random.pick(["note", "name", "expiryMinutes"]), ""]);
    for (const i of targets(
      fields.map((_, i) => i),
      random,
    )) {
      fields[i] = [fields[i]![0], text(fields[i]![1])];
    }
  };
  const extraParts: Part[] = [];
  let controlInField = false;
  switch (category) {
    case "nul":
    case "control":
    case "long":
    case "unicode":
      if (random.chance(0.2)) file.name = breakText(category, random)(file.name);
      else {
        mutateField(breakText(category, random));
        controlInField = category === "nul" || category === "control";
      }
      break;
    case "wrongType":
      if (random.chance(0.5)) file.content = random.pick([samples.exe, samples.elf, samples.html, Buffer.alloc(0)]);
      else mutateField(() => random.pick(["[1,2", '{"a":1}', "-5", "1e400", "true", "[]", '["nope"]']));
      break;
    case "missing":
      if (random.chance(0.5)) withFile = false;
      else if (fields.length > 0) fields.splice(random.int(0, fields.length - 1), 1);
      break;
    case "extra":
      if (random.chance(0.3)) fields.push([publicFormFields.honeypot, "https://spam.example"]);
      else if (random.chance(0.4))
        extraParts.push({ name: random.pick([file.field, "other"]), value: samples.pdf, fileName: "more.pdf" });
      else for (let i = random.int(1, 45); i > 0; i--) fields.push([`extra${i}`, random.word()]);
      break;
    case "proto":
      fields.push([random.pick(["__proto__", "constructor", "prototype"]), '{"isAdmin":true}']);
      break;
    case "nested":
      mutateField(() => `${"[".repeat(5_000)}${"]".repeat(5_000)}`);
      break;
    case "arrayForObject":
      // The same field twice: the first one counts, or the form is refused; never an array reaching the database.
      if (fields.length > 0) fields.push([random.pick(fields)[0], random.word()]);
      break;
    default:
      break;
  }
  const parts: Part[] = fields.map(([name, value]) => ({ name, value }));
  if (form.captcha && captcha && category !== "missing") parts.push({ name: publicFormFields.captcha, value: captcha });
  if (withFile) parts.push({ name: file.field, value: file.content, fileName: file.name, contentType: file.type });
  parts.push(...extraParts);
  if (random.chance(0.5)) parts.reverse();
  const body = multipart(parts, { truncate: category === "brokenBody" && random.chance(0.5) });
  if (controlInField) return { payload: body.payload, contentType: body.headers["content-type"], controlInField };
  if (category === "brokenBody" && random.chance(0.5)) {
    return {
      payload: random.pick([Buffer.from("--x\r\nContent-Disposition: form-data\r\n\r\n"), Buffer.from("garbage")]),
      contentType: body.headers["content-type"],
    };
  }
  if (category === "contentType") {
    return random.chance(0.5)
      ? { payload: JSON.stringify(Object.fromEntries(fields)), contentType: "application/json" }
      : {
          payload: body.payload,
          contentType: random.pick([
            "multipart/form-data",
            "multipart/form-data; boundary=wrong",
            "multipart/mixed; boundary=x",
            "application/x-www-form-urlencoded",
            undefined,
          ]),
        };
  }
  return { payload: body.payload, contentType: body.headers["content-type"] };
}

// ---- One request ---------------------------------------------------------------------------------

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** A text field of its multipart form holds a control character (DESIGN §14): refused, never stored. */
  controlInField?: boolean;
}

/** A fixed address per role keeps the login and form throttles in play; public forms get fresh ones. */
const addresses: Record<Role, string> = { anonymous: "10.250.0.1", employee: "10.250.0.2", admin: "10.250.0.3" };

/** encodeURIComponent, except that a lone surrogate goes out as its WTF-8 bytes (what a broken client sends). */
const encode = (value: string) =>
  Array.from(value, (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  }).join("");

async function buildRequest(operation: Operation, role: Role, category: Category, context: Context): Promise<Request> {
  const { random } = context;
  const pathNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const queryParameters = operation.parameters.filter((p) => p.in === "query");
  const takesBody = operation.method !== "GET" && operation.method !== "HEAD";
  // A text category (NUL, controls, long, odd Unicode) goes into one of the inputs the route reads.
  const channels = [pathNames.length > 0 && "path", "query", takesBody && "body"].filter(Boolean) as string[];
  const usable = queryParameters.length > 0 || channels.length === 1 ? channels : channels.filter((c) => c !== "query");
  // The body, when there is one, holds the most text: it gets the larger share.
  const textChannel = !textCategories.has(category)
    ? undefined
    : takesBody && random.chance(0.6)
      ? "body"
      : random.pick(usable);
  const breakIt = textChannel ? breakText(category, random) : undefined;

  const brokenPath = textChannel === "path" ? targets(pathNames, random) : [];
  let url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === "path" && p.name === name);
    if (category === "path" && random.chance(0.8)) return random.pick(pathJunk);
    const value = String(validValue(parameter?.schema ?? { type: "string" }, name, context));
    return encode(brokenPath.includes(name) && breakIt ? breakIt(value) : value);
  });

  const query: string[] = [];
  const brokenQuery = textChannel === "query";
  const brokenNames = brokenQuery ? targets(queryParameters, random).map((p) => p.name) : [];
  for (const parameter of queryParameters) {
    if (!parameter.required && !brokenQuery && random.chance(0.4)) continue;
    const name = encode(parameter.name);
    if (category === "query" && random.chance(0.6)) {
      query.push(`${name}=${random.pick(queryJunk)}`);
      if (random.chance(0.3)) query.push(`${name}=${random.word()}`);
    } else {
      const value = String(validValue(parameter.schema, parameter.name, context));
      query.push(`${name}=${encode(breakIt && brokenNames.includes(parameter.name) ? breakIt(value) : value)}`);
    }
  }
  if (brokenQuery && breakIt && (brokenNames.length === 0 || random.chance(0.3)))
    query.push(`${random.pick(["q", "x", "search"])}=${encode(breakIt("a"))}`);
  if (category === "query") {
    for (let i = random.int(0, 2); i > 0; i--) {
      query.push(
        `${random.pick(["q", "page", "size", "__proto__", "a[b]", "x%00", random.word()])}=${random.pick(queryJunk)}`,
      );
    }
  }
  if (query.length > 0) url += `?${query.join("&")}`;

  const headers: Record<string, string> = { ...sessions[role].headers };
  let body: Body = {};
  const bodyCategory = textChannel && textChannel !== "body" ? "valid" : category;
  if (takesBody) {
    body = operation.form
      ? multipartBody(
          operation.form,
          bodyCategory,
          context,
          operation.form.captcha && random.chance(0.85) ? await solvedCaptcha(t, 1) : undefined,
        )
      : operation.urlencoded
        ? formEncoded(jsonBody(operation.body, bodyCategory, context))
        : jsonBody(operation.body, bodyCategory, context);
  } else if (category === "brokenBody" && random.chance(0.5)) {
    body = { payload: '{"a":', contentType: "application/json" };
  }
  if (body.contentType !== undefined) headers["content-type"] = body.contentType;
  // Throttled public routes (login, forms, sign-ups) mostly get a fresh address, so their logic is reached.
  const throttled = operation.method === "POST" && !sessions[role].username && random.chance(0.8);
  return {
    method: operation.method,
    url,
    headers,
    payload: body.payload,
    remoteAddress: throttled || operation.form?.captcha ? randomAddress() : addresses[role],
    ...(body.controlInField ? { controlInField: true } : {}),
  };
}

// ---- What every answer must be -------------------------------------------------------------------

/** Signs of internals in an answer (a pattern also found in the request is the caller's own words echoed). */
const leaks: RegExp[] = [
  /\n\s+at /,
  /\bat [\w$.<>]+ \(/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules/i,
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate\b[\s\S]*\bset\b/i,
  /\bdelete from\b/i,
  /syntax error/i,
  /\brelation\b/i,
  /drizzle/i,
  /failed query/i,
  /pglite|postgres|sqlstate|violates/i,
  /\bstack\b/i,
];

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Why an answer is wrong, or undefined when it is fine. */
function problemWith(
  request: Pick<Request, "method" | "url" | "payload" | "controlInField">,
  answer: Answer,
): string | undefined {
  if (answer.statusCode >= 500) return `status ${answer.statusCode}`;
  if (request.controlInField && answer.statusCode < 400) return "a control character in a form's text field was taken";
  if (answer.statusCode < 400 || request.method === "HEAD") return undefined;
  if (!String(answer.headers["content-type"] ?? "").startsWith("application/json")) {
    return `error answer is not JSON (${String(answer.headers["content-type"])})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return "error answer does not parse";
  }
  const { message, errors, ...rest } = (body ?? {}) as { message?: unknown; errors?: unknown };
  if (typeof message !== "string" || message === "") return "error answer without a message";
  if (Object.keys(rest).length > 0) return `error answer has more than {message, errors}: ${Object.keys(rest)}`;
  if (
    errors !== undefined &&
    (errors === null || typeof errors !== "object" || Object.values(errors).some((text) => typeof text !== "string"))
  ) {
    return "`errors` is not {field: text}";
  }
  const sent = `${request.url}\n${request.payload ?? ""}`;
  const leak = leaks.find((pattern) => pattern.test(answer.body) && !pattern.test(sent));
  return leak ? `error answer leaks internals (${leak})` : undefined;
}

const describeRequest = (request: Request, role: Role, category: Category) => {
  const payload = request.payload === undefined ? "" : String(request.payload);
  const shown = payload.length > 200 ? `${payload.slice(0, 200)}… (${payload.length} chars)` : payload;
  return `${role} ${category} ${request.method} ${request.url.slice(0, 200)} [${request.headers["content-type"] ?? "-"}] ${JSON.stringify(shown)}`;
};

// ---- The run -------------------------------------------------------------------------------------

const tally = { requests: 0, perRole: { anonymous: 0, employee: 0, admin: 0 } as Record<Role, number> };
const statuses = new Map<number, number>();
const covered = new Map<string, Record<Role, number>>();
const started = Date.now();

afterAll(async () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const histogram = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  console.log(
    `http-fuzz: seed ${SEED} (0x${SEED.toString(16)}), ${CASES} cases per route and role, ${operations.length} routes, ` +
      `${tally.requests} requests (anonymous ${tally.perRole.anonymous}, employee ${tally.perRole.employee}, ` +
      `admin ${tally.perRole.admin}) in ${seconds} s; statuses ${histogram}`,
  );
  await t.close();
});

describe(`HTTP fuzzer (seed ${SEED}, ${CASES} cases per route and role)`, () => {
  it("the oracle catches a 500, a non-JSON error, a stack trace and SQL text", () => {
    const request = { method: "GET", url: "/api/x", payload: undefined };
    const json = { "content-type": "application/json; charset=utf-8" };
    expect(problemWith(request, { statusCode: 500, headers: json, body: '{"message":"x"}' })).toMatch(/status/);
    expect(
      problemWith(request, { statusCode: 400, headers: { "content-type": "text/html" }, body: "<h1>" }),
    ).toBeTruthy();
    expect(problemWith(request, { statusCode: 400, headers: json, body: '{"error":"x"}' })).toBeTruthy();
    const leaked = [
      "Error: boom\n    at handler (/work/server/app.ts:12:3)",
      'Failed query: select "id" from "users" where "username" = $1',
      "invalid byte sequence for encoding; relation users",
    ];
    for (const message of leaked) {
      expect(problemWith(request, { statusCode: 400, headers: json, body: JSON.stringify({ message }) })).toBeTruthy();
    }
    expect(problemWith(request, { statusCode: 404, headers: json, body: '{"message":"Not found."}' })).toBeUndefined();
  });

  for (const operation of operations) {
    it(`${operation.key}: never a 5xx, every error a clean {message}`, { timeout: 120_000 }, async () => {
      await ensureSessions();
      const random = streamFor(operation.key);
      const data = await existing(operation.path);
      const failures: string[] = [];
      const counts: Record<Role, number> = { anonymous: 0, employee: 0, admin: 0 };
      const seen = new Map<string, number>();
      for (let i = 0; i < operation.cases; i++) {
        const category = schedule[i % schedule.length]!;
        for (const role of roles) {
          const context: Context = { random, data, self: sessions[role].username };
          const request = await buildRequest(operation, role, category, context);
          const answer = await t.app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: request.headers,
            payload: request.payload,
            remoteAddress: request.remoteAddress,
          });
          counts[role]++;
          tally.requests++;
          tally.perRole[role]++;
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          const outcome = `${category} ${role} ${answer.statusCode} ${answer.statusCode >= 400 ? answer.body.slice(0, 80) : ""}`;
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
          // Logging out, or the admin's edits, can end a session: the next cases get a new one.
          if (role !== "anonymous" && answer.statusCode === 401) await ensureSessions();
          const problem = problemWith(request, answer);
          if (problem) {
            failures.push(
              `${problem}: ${describeRequest(request, role, category)} → ${answer.statusCode} ${answer.body.slice(0, 300)}`,
            );
          }
        }
      }
      covered.set(operation.key, counts);
      if (process.env.FUZZ_VERBOSE) console.log(operation.key, JSON.stringify(Object.fromEntries(seen)));
      expect(failures.slice(0, 10), `${failures.length} bad answers (seed ${SEED})`).toEqual([]);
    });
  }

  it("covered every route of the OpenAPI document, as every role, and nothing else is left out", () => {
    // A route that takes input the document does not describe must be known here, or it would go unfuzzed.
    const undescribed = operations
      .filter((operation) => ["POST", "PUT", "PATCH"].includes(operation.method) && !operation.body)
      .map((operation) => operation.key)
      .filter((key) => !multipartForms[key] && !bodyless.has(key));
    expect(undescribed, "POST/PUT routes with no JSON body schema: list their form in multipartForms").toEqual([]);
    for (const operation of operations) {
      expect(covered.get(operation.key), operation.key).toEqual({
        anonymous: operation.cases,
        employee: operation.cases,
        admin: operation.cases,
      });
    }
    // Every registered route is in the document, or one of these (not part of the REST API).
    const outside = t.app.auth
      .routes()
      .flatMap((route) => route.method.split(",").map((method) => `${method} ${route.url.replace(/:(\w+)/g, "{$1}")}`))
      .filter((key) => !covered.has(key));
    const notRest =
      /^(GET|HEAD) (\/api\/docs(\/.*)?|\/ws|\/metrics|\/internal\/backup|\/site-preview\/\{token\}\/\*|\/media\/site\/\{file\})$/;
    expect(outside.filter((key) => !notRest.test(key))).toEqual([]);
  });

  it("routes outside the document (API docs, the WebSocket endpoint, metrics, backup, the site's preview and pictures, unknown paths) never give a 5xx", async () => {
    const random = streamFor("outside");
    const failures: string[] = [];
    const urls = [
      "/api/docs",
      "/api/docs/json",
      "/api/docs/yaml",
      "/api/docs/static/index.html",
      "/ws",
      "/api/nope",
      "/metrics",
      "/internal/backup",
      "/site-preview/not-a-token/career",
      "/media/site/abcdefabcdef-00000000-800.webp",
    ];
    // Answered with a page, not JSON: only the status is checked there.
    const pages = new Set(["/ws", "/site-preview/not-a-token/career"]);
    for (const base of urls) {
      for (const role of roles) {
        for (const junk of [random.pick(queryJunk), random.pick(pathJunk)]) {
          for (const method of ["GET", "HEAD", "POST"]) {
            const request: Request = {
              method,
              url: `${base}${random.chance(0.5) ? `/${junk}` : `?x=${junk}`}`,
              headers: sessions[role].headers,
              remoteAddress: addresses[role],
            };
            const answer = await t.app.inject({ ...request, method: method as "GET" });
            tally.requests++;
            tally.perRole[role]++;
            statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
            // @fastify/websocket answers a request that is no upgrade with an empty 404.
            const problem = pages.has(base)
              ? answer.statusCode >= 500
                ? `status ${answer.statusCode}`
                : undefined
              : problemWith(request, answer);
            if (problem)
              failures.push(`${problem}: ${method} ${request.url} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
