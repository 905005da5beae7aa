/**
 * npm run bench:workspace [-- --runs 10] — the staff workspace's speed (issue #33, DESIGN §15).
 *
 * Serves the built client (run `npm run build` first) with the real server, in a process of its own
 * on a free port, a temporary PGlite DATA_DIR and 200 quote requests, and drives Debian's Chromium:
 *  - a cold link: --runs times, a new browser context each (empty cache), a signed-in admin opens
 *    /staff/quotes/{reference}; the time from the navigation's first byte (responseStart) to usable
 *    (the first frame after the request's detail dialog, which needs the list loaded, entered the
 *    DOM) is measured in the page;
 *    then --runs times the same in a new tab of one context that has opened it before (the
 *    scripts in the HTTP cache, as in the browser of someone who works there every day);
 *  - moving between sections: from /staff, each section of the navigation clicked in turn; the
 *    scripts each move fetches that the page did not have, with their gzip size computed here from
 *    the built files (the server sends brotli). The target: no new chunk over 50 KB gzip.
 *
 * Prints two tables and writes bench/results/workspace.json. BENCH_TRACE=1 also lists, for the last
 * cold run, when each script and API call started and ended after the first byte (the waterfall).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { storageKeys } from "../shared/roles.ts";
import { wholeNumber } from "./lib/args.ts";
import { benchRoot, percentile, renderTable, round, writeResults } from "./lib/report.ts";
import { freePort, stopServer, waitForHealth } from "./lib/server-process.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" } } });
const runs = wholeNumber("bench:workspace", "runs", values.runs, 1, 100);
const log = (message: string) => console.error(`bench:workspace: ${message}`);
const clientDir = path.join(benchRoot, "build", "client");
if (!existsSync(path.join(clientDir, "__spa-fallback.html"))) {
  log("no build/client: run `npm run build` first");
  process.exit(2);
}
const gzipKb = (urlPath: string) => {
  const file = path.join(clientDir, urlPath.replace(/^\//, ""));
  return existsSync(file) ? round(gzipSync(readFileSync(file), { level: 9 }).length / 1024) : Number.NaN;
};

const { buildApp } = await import("../server/app.ts");
const { loadConfig } = await import("../server/config.ts");
const { openDatabase } = await import("../server/db/client.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-workspace-"));
const password = randomBytes(12).toString("base64url");
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: "bench-admin",
  ADMIN_PASSWORD: password,
  NODE_ENV: "production",
  PUBLIC_ORIGIN: "http://127.0.0.1",
};
// The data directory is made and seeded here (the first start creates the admin), then served by a
// server process of its own, as `npm start` serves it: in this process, beside Playwright's driver,
// the server's event loop was held up to 0.8 s during a page load.
{
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  const app = await buildApp({ config: loadConfig(env), database, serveClient: false, logger: { level: "warn" } });
  await app.ready();
  const { sql } = await import("drizzle-orm");
  await app.db.execute(sql`
    insert into quote_requests (reference, name, email, company, project_name)
    select 'Q-2026-' || lpad(g::text, 4, '0'), 'Client ' || g, 'client' || g || '@example.com',
      'Fabricator ' || (g % 17), 'Project ' || g
    from generate_series(1, 200) g`);
  await app.close();
  await database.close();
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  ["--import", import.meta.resolve("tsx"), path.join(benchRoot, "server", "main.ts")],
  {
    cwd: benchRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
  },
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  await waitForHealth(origin, server);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench-admin", password, role: "admin" }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([keys, jwt]) => {
        localStorage.setItem(keys.user, JSON.stringify({ username: "bench-admin", role: "admin" }));
        localStorage.setItem(keys.token, jwt);
      },
      [storageKeys, token] as const,
    );
    await context.addInitScript(usableProbe);
    return { context, page: await context.newPage() };
  };

  /**
   * Runs in the page: records in `__usableAt` the first frame painted after a request's detail
   * dialog (a dialog naming a Q- reference) entered the DOM.
   */
  const usableProbe = () => {
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog || !/Q-\d{4}-\d{4}/.test(dialog.textContent ?? "")) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as { __usableAt?: number }).__usableAt = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  };

  /** Opens a link to a random request in `page`: ms from the navigation's first byte to usable. */
  const openLink = async (page: Awaited<ReturnType<typeof newPage>>["page"]) => {
    const reference = `Q-2026-${String(1 + Math.floor(Math.random() * 200)).padStart(4, "0")}`;
    await page.goto(`${origin}/staff/quotes/${reference}`);
    await page.getByRole("dialog", { name: new RegExp(`^${reference} · `) }).waitFor({ timeout: 20_000 });
    // The moment is taken in the page (usableProbe), not when Playwright's polling saw it.
    return page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const at = (window as { __usableAt?: number }).__usableAt;
      if (at === undefined) throw new Error("the page never recorded the dialog");
      return at - navigation.responseStart;
    });
  };

  // A cold link to one request, with an empty cache: a browser that never opened the workspace.
  const coldMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await newPage();
    coldMs.push(await openLink(page));
    if (process.env.BENCH_TRACE && i === runs - 1) {
      const trace = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const rows = performance
          .getEntriesByType("resource")
          .map((entry) => entry as PerformanceResourceTiming)
          .map(
            (r) =>
              [
                Math.round(r.startTime - nav.responseStart),
                Math.round(r.responseEnd - nav.responseStart),
                r.name.replace(location.origin, ""),
              ] as const,
          );
        return { dcl: Math.round(nav.domContentLoadedEventEnd - nav.responseStart), rows };
      });
      log(`DOMContentLoaded +${trace.dcl} ms`);
      for (const [start, end, name] of trace.rows) log(`  ${start}–${end} ms ${name}`);
    }
    await context.close();
  }

  // The same link in a new tab of a browser that has used the workspace: the scripts are cached
  // (immutable), the page, its data and the socket are not.
  const cachedMs: number[] = [];
  {
    const { context, page } = await newPage();
    await openLink(page);
    await page.close();
    for (let i = 0; i < runs; i++) {
      const tab = await context.newPage();
      cachedMs.push(await openLink(tab));
      await tab.close();
    }
    await context.close();
  }

  // Moving between sections: the scripts each move adds.
  const { context, page } = await newPage();
  const seen = new Set<string>();
  let fresh: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith(".js") || seen.has(url.pathname)) return;
    seen.add(url.pathname);
    fresh.push(url.pathname);
  });
  await page.goto(`${origin}/staff`);
  await page.getByRole("heading", { level: 1, name: "What needs you" }).waitFor({ timeout: 20_000 });
  const firstLoad = fresh;
  fresh = [];
  const moves: { to: string; scripts: number; gzipKb: number; largestKb: number }[] = [];
  const nav = page.getByRole("navigation", { name: "Workspace" });
  for (const label of ["Quote requests", "Applications", "Files", "File requests", "Chat", "People", "Audit log"]) {
    await nav.getByRole("link", { name: new RegExp(`^${label}`) }).click();
    await page.getByRole("heading", { level: 1, name: label === "Chat" ? "Chat" : label }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    const sizes = fresh.map(gzipKb);
    moves.push({
      to: label,
      scripts: fresh.length,
      gzipKb: round(sizes.reduce((a, b) => a + b, 0)),
      largestKb: sizes.length ? Math.max(...sizes) : 0,
    });
    fresh = [];
  }
  await context.close();

  const cold = { p50: round(percentile(coldMs, 0.5)), max: round(Math.max(...coldMs)) };
  const cached = { p50: round(percentile(cachedMs, 0.5)), max: round(Math.max(...cachedMs)) };
  console.log(
    renderTable(
      ["link to /staff/quotes/{ref}", "runs", "first byte → usable p50 ms", "max ms", "target"],
      [
        ["cold, empty cache", String(runs), String(cold.p50), String(cold.max), "< 1000 ms"],
        ["cold, scripts cached", String(runs), String(cached.p50), String(cached.max), "< 1000 ms"],
      ],
    ),
  );
  const firstLoadKb = round(firstLoad.map(gzipKb).reduce((a, b) => a + b, 0));
  console.log(`first load of /staff: ${firstLoad.length} scripts, ${firstLoadKb} KB gzip`);
  console.log(
    renderTable(
      ["move to", "new scripts", "gzip KB", "largest new chunk KB"],
      moves.map((move) => [move.to, String(move.scripts), String(move.gzipKb), String(move.largestKb)]),
    ),
  );
  const largest = Math.max(...moves.map((move) => move.largestKb));
  console.log(`largest chunk a move loads: ${largest} KB gzip (target ≤ 50): ${largest <= 50 ? "met" : "NOT met"}`);
  const file = writeResults("workspace.json", {
    date: new Date().toISOString(),
    runs,
    coldLinkMs: { ...cold, all: coldMs.map((ms) => round(ms)) },
    cachedLinkMs: { ...cached, all: cachedMs.map((ms) => round(ms)) },
    firstLoad: { scripts: firstLoad.length, gzipKb: firstLoadKb },
    moves,
  });
  log(`wrote ${file}`);
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
