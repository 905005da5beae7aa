import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** Credentials of the first admin the e2e server is started with. */
export const e2eAdmin = { username: "admin", password: "e2e-admin-password" };
/**
 * Which widths run what (decision 037). A test tagged `@layout` checks what changes with the width
 * (the navbar's menu at 768 px, the carousel's 1, 2 or 3 cards, axe on each layout): it runs at a
 * phone's, a tablet's and a desk's width. `@phone` marks a journey whose code differs on a phone
 * (the chat's touch actions): a phone's width and a desk's. `@phone-only` marks one that runs the
 * same code at any width and is most at risk on a phone (a tap before hydration, a visitor's form,
 * a client's upload or download): a phone's width only. The rest (behaviour, staff journeys,
 * fetched HTML) is the same at any width and runs at the desk's; the chat and staff journeys that
 * drive a phone themselves (chat.spec, staff.spec) do so there.
 */
const layout = /@layout/;
const phoneJourney = /@phone/;
const phoneOnly = /@phone-only/;
/** The public pages' layouts change at 768 px; the staff pages show the phone's variants below 1024. */
const tabletLayout = /(accessibility|home|navigation|pages|routes|first-tap|footer|workspace)\.spec\.ts/;
// E2E_SCOPE=data (CI's PostgreSQL + Redis + S3 pass through two instances behind nginx, decision
// 036): the journeys whose state crosses instances as the browser drives it: the chat (sockets on
// either instance, the broker between them), files (tus chunks, the shared store) and the
// workspace (notifications and unread counts live from the other instance); not their @layout
// checks, which are the same on any database. The other
// journeys are HTTP over one database, covered against PostgreSQL by the engine-dependent Vitest
// files, and sign-in across instances by the topology tests.
const dataOnly = process.env.E2E_SCOPE === "data";
// A journey tagged `@own-server` starts a server of its own on PGlite whatever the run's engines
// (the chat's restart journey): the data pass would run it again unchanged, so it runs once.
const ownServer = /@own-server/;
const crossInstance =
  /(chat|chat-actions|chat-search|file-requests|file-preview|shares|career-apply|workspace)\.spec\.ts/;
// E2E_SCOPE=embedded (CI's PGlite pass, when the servers' pass follows it; decision 060): the
// journeys that pass runs through two instances are left out here, at every width they run
// there. Their server code runs on PGlite in the Vitest files; what the browser adds (the pages,
// the sockets, the uploads) is the same on either database and runs once, through the topology.
// Their @layout checks and the @own-server restart journey stay here.
const embeddedOnly = process.env.E2E_SCOPE === "embedded";
const crossInstanceJourney = new RegExp(`^(?=.*\\b${crossInstance.source})(?!.*(@layout|@own-server))`);
// E2E_NO_NGINX=1 (scripts/e2e.ts, outside CI on a machine without nginx): the journeys that start
// a topology of their own are left out.
const needsNginx = /site-journey\.spec\.ts/;
// TEST_REPORT_DIR: a JSON report there too (CI's table of the slowest tests, scripts/ci-report.ts).
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: "e2e",
  ...(process.env.E2E_NO_NGINX === "1" ? { testIgnore: needsNginx } : {}),
  fullyParallel: true,
  // At least two: on a 2-core machine the browser work overlaps well with the server's (measured ~1.8× faster).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: reportDir
    ? [["list"], ["json", { outputFile: `${reportDir}/e2e-${process.env.TEST_REPORT_LABEL ?? "run"}.json` }]]
    : [["list"]],
  // A cap, not a wait: a journey of a dozen clicks took 30 s on a busy 2-core machine (each step waits for its condition).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A trace costs every test time; a failure is retried once in CI, and the retry is traced.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
  },
  projects: [
    {
      name: "phone",
      // Against a database server (scripts/e2e.ts, one width each): only the @phone-only journeys,
      // and in the data pass the @phone ones too (the chat's touch actions: they run nowhere else).
      grep: dataOnly ? phoneJourney : process.env.E2E_ONE_WIDTH === "1" ? phoneOnly : [layout, phoneJourney],
      use: { viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true },
    },
    { name: "tablet", testMatch: tabletLayout, grep: layout, use: { viewport: { width: 768, height: 1024 } } },
    { name: "desktop", grepInvert: phoneOnly, use: { viewport: { width: 1280, height: 800 } } },
  ]
    .map((project) =>
      embeddedOnly
        ? {
            ...project,
            grepInvert: [project.grepInvert ?? [], crossInstanceJourney].flat(),
          }
        : project,
    )
    .map((project) =>
      dataOnly
        ? {
            ...project,
            testMatch: crossInstance,
            grepInvert: [project.grepInvert ?? [], layout, ownServer].flat(),
          }
        : project,
    ),
  webServer: {
    // The real server on a private copy of build/client: a rebuild elsewhere cannot swap files mid-run.
    // Against PostgreSQL + Redis + S3 (E2E_TOPOLOGY=1): two instances behind nginx (DESIGN §13).
    command: `node --import tsx e2e/${process.env.E2E_TOPOLOGY === "1" ? "serve-topology" : "serve-build-snapshot"}.ts`,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: process.env.E2E_TOPOLOGY === "1" ? 180_000 : 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Behind the loopback "proxy": specs that submit the public forms each send an address of their own (fixtures.ts).
      TRUST_PROXY: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: "" }),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      // A fresh run gets fresh rate-limit counters and presence, like its fresh database.
      ...(process.env.E2E_REDIS_KEY_PREFIX ? { REDIS_KEY_PREFIX: process.env.E2E_REDIS_KEY_PREFIX } : {}),
    },
  },
});
