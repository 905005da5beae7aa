import path from "node:path";
import { z } from "zod";
import { type AddressRange, parseAddressList } from "./lib/address-list.ts";
import { newPasswordProblem } from "./lib/password-policy.ts";
import { isStorageUrl, storageUrlProblem } from "./storage/storage-url.ts";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

/** DESIGN §13: unset, only this machine may read GET /metrics (loopback, IPv4 and IPv6). */
export const DEFAULT_METRICS_ALLOW = "127.0.0.0/8,::1/128";

const envSchema = z.object({
  /** `production` is a promise: PUBLIC_ORIGIN must then be set. Unset, `npm start` runs as development (DESIGN §2). */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /** DESIGN §12: unset, stored files live under DATA_DIR; s3://bucket[/prefix] puts them in an S3-compatible store. */
  STORAGE_URL: optionalString.refine((v) => v === undefined || isStorageUrl(v), { message: storageUrlProblem }),
  /** Unset for AWS itself; the address of any other S3-compatible store (R2, MinIO, Ceph). */
  S3_ENDPOINT: urlWithProtocols(["http:", "https:"]),
  S3_REGION: optionalString.refine((v) => v === undefined || /^[a-z0-9-]{1,32}$/.test(v), {
    message: "must be a region name such as us-east-1 (or auto)",
  }),
  /** Addresses the bucket in the path (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: optionalString
    .refine((v) => v === undefined || /^(true|false|1|0)$/i.test(v), { message: "must be true or false" })
    .transform((v) => v !== undefined && /^(true|1)$/i.test(v)),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"]),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"]),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{0,64}$/, "must be up to 64 letters, digits, ':', '.', '_' or '-'")
    .default(""),
  PUBLIC_ORIGIN: urlWithProtocols(["http:", "https:"]),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters",
  }),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: "must be at least 8 characters",
  }),
  /** Admin file shares (DESIGN §5: 1 GB); lower it to test the limit without writing a gigabyte. */
  MAX_SHARE_MB: z.coerce.number().positive().max(10240).default(2048),
  /** Public forms (DESIGN §5: CV 10 MB, quote attachment 100 MB); only ever lowered, e.g. by tests. */
  LEADS_MAX_CV_MB: z.coerce.number().positive().max(10).default(10),
  LEADS_MAX_QUOTE_MB: z.coerce.number().positive().max(100).default(100),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"]),
  NOTIFY_EMAIL: optionalString.pipe(z.email().optional()),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  /** DESIGN §10: how long after sending its sender may edit a message, in minutes (0: never). */
  CHAT_EDIT_WINDOW_MIN: z.coerce.number().min(0).max(525_600).default(60),
  /** DESIGN §11: days after an application closes (or, while open, after it came in) before it is erased. */
  APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** DESIGN §11: days an audit entry is kept. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** Which proxies to trust for the client address: unset/false (none), true, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: optionalString,
  /**
   * DESIGN §13: after SIGTERM, how long the instance keeps serving while ready answers 503, before it
   * closes (a balancer's health check takes it out first). 0 closes at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** DESIGN §13: who may read GET /metrics by address: comma-separated CIDRs or addresses, or `none` (the token only). */
  METRICS_ALLOW: optionalString.superRefine((value, context) => {
    if (value === undefined || value === "none") return;
    const { ranges, invalid } = parseAddressList(value);
    if (invalid.length > 0 || ranges.length === 0) {
      context.addIssue({
        code: "custom",
        message: `must be comma-separated CIDRs or addresses (e.g. 127.0.0.0/8,::1) or none${invalid.length > 0 ? `; not understood: ${invalid.join(", ")}` : ""}`,
      });
    }
  }),
  /** DESIGN §13: a bearer token that reads GET /metrics from any address. */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "must be at least 16 characters",
  }),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  /** STORAGE_URL (s3://bucket[/prefix]); unset, files are stored under dataDir. */
  storageUrl?: string;
  /** How to reach the S3-compatible store; credentials come from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID…). */
  s3: { endpoint?: string; region?: string; forcePathStyle: boolean };
  databaseUrl?: string;
  redisUrl?: string;
  /** Prepended to every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Where absolute links (share links, e-mails) point: PUBLIC_ORIGIN, else http://localhost:PORT outside production. Never the request's Host. */
  publicOrigin: string;
  jwtSecret?: string;
  adminUsername?: string;
  adminPassword?: string;
  maxShareBytes: number;
  maxCvBytes: number;
  maxQuoteFileBytes: number;
  smtpUrl?: string;
  notifyEmail?: string;
  vapid?: { publicKey: string; privateKey: string; subject?: string };
  /** DESIGN §10: CHAT_EDIT_WINDOW_MIN in milliseconds. */
  chatEditWindowMs: number;
  /** DESIGN §11: APPLICATION_RETENTION_DAYS (doubled for an applicant who agreed to be kept). */
  applicationRetentionDays: number;
  /** DESIGN §11: AUDIT_RETENTION_DAYS. */
  auditRetentionDays: number;
  logLevel: Env["LOG_LEVEL"];
  shutdownDelayMs: number;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Where the built client lives (build/client). */
  clientDir: string;
  /** DESIGN §13: GET /metrics answers clients in `allow` (METRICS_ALLOW), or any sending `token` (METRICS_TOKEN) as a bearer token. */
  metrics: { allow: AddressRange[]; token?: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable, one per line. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `Invalid configuration: ${issue.path.join(".")} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.NOTIFY_EMAIL)) {
    problems.push("Invalid configuration: SMTP_URL and NOTIFY_EMAIL must be set together");
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN) {
    problems.push(
      "Invalid configuration: PUBLIC_ORIGIN must be set when NODE_ENV=production (the address links and e-mails point to)",
    );
  }
  const weakAdminPassword =
    env.ADMIN_PASSWORD === undefined
      ? undefined
      : newPasswordProblem(env.ADMIN_PASSWORD, { name: "Administrator", username: env.ADMIN_USERNAME ?? "admin" });
  if (weakAdminPassword) {
    problems.push(
      "Invalid configuration: ADMIN_PASSWORD is too common or too easy to guess (use a longer phrase, without the username)",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    storageUrl: env.STORAGE_URL,
    s3: { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: env.S3_FORCE_PATH_STYLE },
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    jwtSecret: env.JWT_SECRET,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    maxShareBytes: Math.round(env.MAX_SHARE_MB * 1024 * 1024),
    maxCvBytes: Math.round(env.LEADS_MAX_CV_MB * 1024 * 1024),
    maxQuoteFileBytes: Math.round(env.LEADS_MAX_QUOTE_MB * 1024 * 1024),
    smtpUrl: env.SMTP_URL,
    notifyEmail: env.NOTIFY_EMAIL,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    chatEditWindowMs: Math.round(env.CHAT_EDIT_WINDOW_MIN * 60_000),
    applicationRetentionDays: env.APPLICATION_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    logLevel: env.LOG_LEVEL,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDir: path.resolve("build/client"),
    metrics: {
      allow: env.METRICS_ALLOW === "none" ? [] : parseAddressList(env.METRICS_ALLOW ?? DEFAULT_METRICS_ALLOW).ranges,
      token: env.METRICS_TOKEN,
    },
  };
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
