import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.maxShareBytes).toBe(2048 * 1024 * 1024);
    expect(config.env).toBe("development");
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
  });

  it("refuses to run in production without PUBLIC_ORIGIN, in one line naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      new ConfigError([
        "Invalid configuration: PUBLIC_ORIGIN must be set when NODE_ENV=production (the address links and e-mails point to)",
      ]),
    );
    const config = loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://www.example.com/app/" });
    expect(config.publicOrigin).toBe("https://www.example.com");
  });

  it("refuses a common or guessable ADMIN_PASSWORD", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: "password1" })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD is too common/,
    );
    expect(() => loadConfig({ ADMIN_USERNAME: "wilhelmina", ADMIN_PASSWORD: "wilhelmina2024" })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(loadConfig({ ADMIN_PASSWORD: "admin-password-1" }).adminPassword).toBe("admin-password-1");
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", REDIS_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("names every bad variable, one line each", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", JWT_SECRET: "short", MAX_SHARE_MB: "-1" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).message.split("\n");
    expect(lines).toHaveLength(4);
    for (const name of ["PORT", "DATABASE_URL", "JWT_SECRET", "MAX_SHARE_MB"]) {
      expect(lines.some((line) => line.startsWith(`Invalid configuration: ${name} `))).toBe(true);
    }
  });

  it("takes a shutdown delay in whole milliseconds up to two minutes, 0 by default (DESIGN §13)", () => {
    expect(loadConfig({}).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: "5000" }).shutdownDelayMs).toBe(5000);
    for (const bad of ["-1", "1.5", "soon", "120001"]) {
      expect(() => loadConfig({ SHUTDOWN_DELAY_MS: bad }), bad).toThrow(/SHUTDOWN_DELAY_MS/);
    }
  });

  it("takes a Redis key prefix of safe characters only", () => {
    expect(loadConfig({}).redisKeyPrefix).toBe("");
    expect(loadConfig({ REDIS_KEY_PREFIX: "staging:" }).redisKeyPrefix).toBe("staging:");
    expect(() => loadConfig({ REDIS_KEY_PREFIX: "a b*" })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it("stores files on disk unless STORAGE_URL names an S3 bucket", () => {
    expect(loadConfig({})).toMatchObject({ storageUrl: undefined, s3: { forcePathStyle: false } });
    const config = loadConfig({
      STORAGE_URL: "s3://detailing-files/production",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.storageUrl).toBe("s3://detailing-files/production");
    expect(config.s3).toEqual({ endpoint: "http://127.0.0.1:9000", region: "auto", forcePathStyle: true });
    expect(loadConfig({ STORAGE_URL: "s3://bucket", S3_FORCE_PATH_STYLE: "0" }).s3.forcePathStyle).toBe(false);
    expect(loadConfig({ STORAGE_URL: "" }).storageUrl).toBeUndefined();
  });

  it("names each bad storage setting, saying what it must be", () => {
    let error: unknown;
    try {
      loadConfig({
        STORAGE_URL: "https://bucket.s3.amazonaws.com",
        S3_ENDPOINT: "minio:9000",
        S3_REGION: "EU West",
        S3_FORCE_PATH_STYLE: "yes",
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).message.split("\n")).toEqual([
      "Invalid configuration: STORAGE_URL must be s3://bucket or s3://bucket/prefix (a lower-case bucket name, 3 to 63 characters)",
      "Invalid configuration: S3_ENDPOINT must be a URL starting with http:// or https://",
      "Invalid configuration: S3_REGION must be a region name such as us-east-1 (or auto)",
      "Invalid configuration: S3_FORCE_PATH_STYLE must be true or false",
    ]);
    for (const bad of ["s3://", "s3://B/x", "s3:/bucket", "bucket/prefix"]) {
      expect(() => loadConfig({ STORAGE_URL: bad }), bad).toThrow(/STORAGE_URL must be s3:\/\/bucket/);
    }
  });

  it("requires paired settings together", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "abc" })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:2525" })).toThrow(/SMTP_URL and NOTIFY_EMAIL/);
  });

  it("lets loopback read /metrics by default, or the ranges METRICS_ALLOW lists, or none", () => {
    expect(loadConfig({}).metrics).toEqual({
      allow: [
        { address: "127.0.0.0", prefix: 8, family: "ipv4" },
        { address: "::1", prefix: 128, family: "ipv6" },
      ],
      token: undefined,
    });
    expect(loadConfig({ METRICS_ALLOW: "" }).metrics.allow).toEqual(loadConfig({}).metrics.allow);
    expect(loadConfig({ METRICS_ALLOW: " 10.0.0.0/8 , fd00::/8,192.168.1.20" }).metrics.allow).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "fd00::", prefix: 8, family: "ipv6" },
      { address: "192.168.1.20", prefix: 32, family: "ipv4" },
    ]);
    expect(loadConfig({ METRICS_ALLOW: "none" }).metrics.allow).toEqual([]);
  });

  it("names the METRICS_ALLOW entries it does not understand, and a short METRICS_TOKEN", () => {
    expect(() => loadConfig({ METRICS_ALLOW: "10.0.0.0/8,10.0.0.0/33,example.com" })).toThrow(
      new ConfigError([
        "Invalid configuration: METRICS_ALLOW must be comma-separated CIDRs or addresses (e.g. 127.0.0.0/8,::1) or none; not understood: 10.0.0.0/33, example.com",
      ]),
    );
    expect(() => loadConfig({ METRICS_ALLOW: "," })).toThrow(/METRICS_ALLOW must be/);
    expect(() => loadConfig({ METRICS_TOKEN: "too-short" })).toThrow(
      new ConfigError(["Invalid configuration: METRICS_TOKEN must be at least 16 characters"]),
    );
    expect(loadConfig({ METRICS_TOKEN: "a-long-enough-token" }).metrics.token).toBe("a-long-enough-token");
  });

  it("accepts a full valid environment", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@localhost:5432/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      PUBLIC_ORIGIN: "https://www.example.com/",
      MAX_SHARE_MB: "20",
    });
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe("https://www.example.com");
    expect(config.maxShareBytes).toBe(20 * 1024 * 1024);
  });
});
