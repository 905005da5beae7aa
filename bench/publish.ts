/**
 * npm run bench:publish [-- --runs 20] — publishing without a build (issue #35, DESIGN §17).
 *
 * Needs the build (`npm run build`: the server build kept in build/render).
 *  - Render: React Router's server build, as the server uses it on publish, renders each public page
 *    --runs times with the content folder's seed (after one warm-up of all), then all pages together
 *    --runs times: milliseconds per page and for all. Then what a swap costs for all pages: the
 *    quick brotli and gzip the pages are swapped in with, and the best brotli made after the swap
 *    (decision 066), each --runs times.
 *  - Publish: the real server in a process of its own (a temporary PGlite DATA_DIR, as `npm start`),
 *    an admin adds a job and publishes it (--runs times), then changes the contact details (shown
 *    by every page, issue #54) and publishes (--runs times): the publish request's time (the pages
 *    are rendered in its transaction and swapped in before it answers) and the time from the
 *    request until the change is served: a job on /career, the contact details on every page.
 *
 * Prints two tables and writes bench/results/publish.json.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { RENDERED_PAGES } from "../server/modules/site/live-pages.ts";
import { loadPageRenderer } from "../server/modules/site/render.ts";
import type { PublicSiteContent } from "../shared/site-content.ts";
import { NOT_FOUND_PRERENDER_PATH } from "../shared/site-routes.ts";
import { seedPublicContent } from "../shared/site-seed.ts";
import { wholeNumber } from "./lib/args.ts";
import { benchRoot, percentile, renderTable, round, writeResults } from "./lib/report.ts";
import { freePort, stopServer, waitForHealth } from "./lib/server-process.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const runs = wholeNumber("bench:publish", "runs", values.runs, 1, 200);
const log = (message: string) => console.error(`bench:publish: ${message}`);
/** The machine's load average over the last minute: a shared machine's figures are read with it. */
const load = () => round(loadavg()[0] ?? 0, 2);
const loadAtStart = load();
const renderer = await loadPageRenderer(path.join(benchRoot, "build", "render"));
if (!renderer) {
  log("no build/render: run `npm run build` first");
  process.exit(2);
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const stats = (samples: number[]) => ({
  p50: round(percentile(samples, 0.5)),
  p95: round(percentile(samples, 0.95)),
  max: round(Math.max(...samples)),
});

// Render, in this process.
const content = seedPublicContent() as PublicSiteContent;
const firstAllMs = await timed(() => renderer.render(RENDERED_PAGES, content));
const perPage = new Map<string, number[]>(RENDERED_PAGES.map((page) => [page, []]));
for (let run = 0; run < runs; run++) {
  for (const page of RENDERED_PAGES) perPage.get(page)?.push(await timed(() => renderer.render([page], content)));
}
const allPages: number[] = [];
for (let run = 0; run < runs; run++) allPages.push(await timed(() => renderer.render(RENDERED_PAGES, content)));

// What a swap compresses, for all pages: as server/plugins/site.ts does (off the event loop).
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const quality = (q: number) => ({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: q } });
const htmls = [...(await renderer.render(RENDERED_PAGES, content)).values()].map((html) => Buffer.from(html));
const quickSwap: number[] = [];
const bestAfter: number[] = [];
for (let run = 0; run < runs; run++) {
  // The swap: every page's quick brotli and gzip at once; after it, the best brotli one page at a time.
  quickSwap.push(
    await timed(() => Promise.all(htmls.flatMap((raw) => [brotli(raw, quality(5)), gzipped(raw, { level: 9 })]))),
  );
  bestAfter.push(
    await timed(async () => {
      for (const raw of htmls) await brotli(raw, quality(11));
    }),
  );
}

// Publish, against the real server.
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
const password = `bench-${randomBytes(6).toString("hex")}`;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  // With the flags `npm run serve` and the image start it with.
  [
    "--v8-pool-size=0",
    "--max-semi-space-size=64",
    "--import",
    import.meta.resolve("tsx"),
    path.join(benchRoot, "server", "main.ts"),
  ],
  {
    cwd: benchRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "bench-admin",
      ADMIN_PASSWORD: password,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "http://127.0.0.1",
      PORT: String(port),
      HOST: "127.0.0.1",
    },
  },
);
const publishes = {
  job: { request: [] as number[], live: [] as number[] },
  contact: { request: [] as number[], live: [] as number[] },
};
try {
  await waitForHealth(origin, server);
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { token } = (await call("POST", "/api/auth/login", undefined, {
    username: "bench-admin",
    password,
    role: "admin",
  })) as { token: string };
  /** Where a visitor meets each rendered page (the 404 page at any unknown address). */
  const addressOf = (page: string) => (page === NOT_FOUND_PRERENDER_PATH ? "/no-such-page" : page);
  const publishAndWatch = async (
    item: { collection: string; id: string },
    pages: readonly string[],
    marker: string,
  ) => {
    const started = performance.now();
    await call("POST", "/api/admin/site/publish", token, { items: [item] });
    const answered = performance.now() - started;
    for (const page of pages) {
      while (!(await (await fetch(`${origin}${addressOf(page)}`)).text()).includes(marker)) {
        if (performance.now() - started > 30_000) throw new Error(`${marker} never showed on ${page}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    return { answered, live: performance.now() - started };
  };

  for (let run = 0; run < runs; run++) {
    const id = `bench-job-${run}`;
    const title = `Bench Detailer ${run} ${randomBytes(3).toString("hex")}`;
    await call("PUT", `/api/admin/site/jobs/${id}`, token, {
      ...{ title, location: "Remote", department: "Detailing", type: "Full-time", experience: "3+ years" },
      ...{ description: "Checks connections.", responsibilities: ["Check"], requirements: ["Tekla"], version: 0 },
    });
    const { answered, live } = await publishAndWatch({ collection: "jobs", id }, ["/career"], title);
    publishes.job.request.push(answered);
    publishes.job.live.push(live);
  }
  for (let run = 0; run < runs; run++) {
    const admin = (await call("GET", "/api/admin/site/content", token)) as {
      contact: { version: number; published: { hours: string } & Record<string, unknown> }[];
    };
    const contact = admin.contact[0];
    if (!contact) throw new Error("no contact item");
    const hours = `Mon–Fri, 8:00–17:${String(run % 60).padStart(2, "0")} (bench ${randomBytes(3).toString("hex")})`;
    await call("PUT", "/api/admin/site/contact/main", token, { ...contact.published, hours, version: contact.version });
    // Every page carries the contact details (the footer, and the content its scripts read).
    const { answered, live } = await publishAndWatch({ collection: "contact", id: "main" }, RENDERED_PAGES, hours);
    publishes.contact.request.push(answered);
    publishes.contact.live.push(live);
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const pageRows = RENDERED_PAGES.map((page) => {
  const s = stats(perPage.get(page) ?? []);
  return [page, String(s.p50), String(s.p95), String(s.max)];
});
const all = stats(allPages);
const quick = stats(quickSwap);
const best = stats(bestAfter);
console.log(
  renderTable(
    ["render (server build)", "p50 ms", "p95 ms", "max ms"],
    [
      ...pageRows,
      [`all ${RENDERED_PAGES.length} pages`, String(all.p50), String(all.p95), String(all.max)],
      [`all, first (cold)`, String(round(firstAllMs)), "", ""],
      [`swap: quick brotli + gzip, all`, String(quick.p50), String(quick.p95), String(quick.max)],
      [`after: best brotli, all`, String(best.p50), String(best.p95), String(best.max)],
    ],
  ),
);
const publishRows = (
  [
    ["one job (renders /career)", publishes.job],
    [`contact details (renders all ${RENDERED_PAGES.length} pages)`, publishes.contact],
  ] as const
).map(([what, samples]) => {
  const request = stats(samples.request);
  const live = stats(samples.live);
  return [what, String(runs), String(request.p50), String(request.max), String(live.p50), String(live.max)];
});
console.log(renderTable(["publish", "runs", "request p50 ms", "max ms", "live p50 ms", "max ms"], publishRows));
log(`load average (1 min): ${loadAtStart} at the start, ${load()} at the end`);
const file = writeResults("publish.json", {
  date: new Date().toISOString(),
  runs,
  loadAverage: { start: loadAtStart, end: load() },
  renderMs: {
    perPage: Object.fromEntries(RENDERED_PAGES.map((page) => [page, stats(perPage.get(page) ?? [])])),
    allPages: all,
    firstAllPages: round(firstAllMs),
  },
  compressMs: { quickSwap: quick, bestAfter: best },
  publishMs: {
    job: { request: stats(publishes.job.request), live: stats(publishes.job.live) },
    contact: { request: stats(publishes.contact.request), live: stats(publishes.contact.live) },
  },
});
log(`wrote ${file}`);
