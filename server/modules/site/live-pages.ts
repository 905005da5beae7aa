/**
 * DESIGN §17: every publish renders the pages its changes touch, in the publish's own transaction
 * (a version is never live without all of its pages, and a render that fails publishes nothing),
 * and every instance serves the newest version within 5 s: told over the broker at once (Redis
 * across instances, in-process when embedded), and by a poll should a message be lost.
 */
import { and, count, desc, eq, lt, max, notInArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { openJobsAt } from "../../../shared/open-positions.ts";
import {
  type PublicSiteContent,
  pagesChangedBy,
  type SiteVersion,
  siteCollectionPages,
} from "../../../shared/site-content.ts";
import { NOT_FOUND_PRERENDER_PATH, publicRoutes } from "../../../shared/site-routes.ts";
import type { Db } from "../../db/client.ts";
import { sitePages, siteVersions } from "../../db/schema/site.ts";
import { HttpError } from "../../lib/errors.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import type { PublicPages } from "../../plugins/site.ts";
import { loadPageRenderer, PageRenderError, type PageRenderer } from "./render.ts";

/** Every page the build prerenders, each rendered again when what it shows is published. */
export const RENDERED_PAGES: readonly string[] = [...publicRoutes.map((route) => route.path), NOT_FOUND_PRERENDER_PATH];
/** The broker channel on which an instance says it published a version. */
export const SITE_PUBLISHED_CHANNEL = "site.published";
/** The poll behind the broker: the newest version is live here at most this long after its publish. */
export const LIVE_PAGES_POLL_MS = 4_000;

export interface LivePages {
  /** The version this instance serves (null: the build's own pages). */
  readonly live: number | null;
  /** In the publish's transaction, after the version is made: renders and stores its pages. */
  render(tx: Db, version: SiteVersion): Promise<void>;
  /** After the publish is committed: serves it here and tells the other instances (never throws). */
  published(version: SiteVersion): Promise<void>;
  /** Serves the newest version here, rendering its pages first if this build has none. */
  refresh(): Promise<number | null>;
  /** Set by the site plugin once the client build is served: where the pages go. */
  serveWith(pages: PublicPages): void;
  /** One page rendered with `content` as it would be shown now, or null without a server build. */
  renderOne(page: string, content: PublicSiteContent): Promise<string | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    livePages: LivePages;
  }
}

/** 422: the content chosen cannot be made into pages; nothing was published and the old pages stay. */
const renderRefused = (error: PageRenderError) =>
  new HttpError(
    422,
    `Nothing was published: ${error.message}. The site still shows the last version.`,
    "RENDER_FAILED",
  );

async function versionContent(db: Db, id: number): Promise<PublicSiteContent> {
  const [row] = await db.select({ content: siteVersions.content }).from(siteVersions).where(eq(siteVersions.id, id));
  if (!row) throw new Error(`No site version ${id}`);
  return row.content as PublicSiteContent;
}

async function storePages(db: Db, build: string, version: number, pages: ReadonlyMap<string, string>) {
  if (pages.size === 0) return;
  await db
    .insert(sitePages)
    .values([...pages].map(([path, html]) => ({ build, version, path, html })))
    .onConflictDoNothing();
}

/** The content as the public reads it at `at` (GET /api/site/content): a job past its closesAt is no longer shown. */
const shownAt = (content: PublicSiteContent, at: Date): PublicSiteContent => ({
  ...content,
  jobs: openJobsAt(content.jobs as { closesAt?: string | null }[], at.getTime()) as PublicSiteContent["jobs"],
});

/** The first moment after `after` at which a job of `content` closes, or null. */
function nextClosing(content: PublicSiteContent, after: number): number | null {
  const moments = content.jobs
    .map((job) => (typeof job.closesAt === "string" ? Date.parse(job.closesAt) : Number.NaN))
    .filter((moment) => moment > after);
  return moments.length > 0 ? Math.min(...moments) : null;
}

interface LivePagesDeps {
  db: Db;
  renderer: PageRenderer | null;
  log: FastifyBaseLogger;
  /** Tells the other instances that a version was published. */
  tell: (version: number) => void;
  now: () => Date;
}

function livePages({ db, renderer, log, tell, now }: LivePagesDeps) {
  let target: PublicPages | null = null;
  let live: number | null = null;
  /** When the live pages' next job closes (DESIGN §17: it leaves the career page at that moment). */
  let closing: { at: number; content: PublicSiteContent } | null = null;
  let refreshing: Promise<number | null> = Promise.resolve(null);

  /** The pages of a version for this build: the ones it changed rendered, the rest as the version before had them. */
  async function renderVersion(tx: Db, version: number, changed: readonly string[]) {
    if (!renderer) return;
    const [before] = await tx
      .select({ id: siteVersions.id })
      .from(siteVersions)
      .where(lt(siteVersions.id, version))
      .orderBy(desc(siteVersions.id))
      .limit(1);
    const [kept] = before
      ? await tx
          .select({ pages: count() })
          .from(sitePages)
          .where(and(eq(sitePages.build, renderer.build), eq(sitePages.version, before.id)))
      : [];
    // Pages copied only from the version just before, and only if it has all of them: else all are rendered.
    const complete = before !== undefined && kept?.pages === RENDERED_PAGES.length;
    const toRender = complete ? RENDERED_PAGES.filter((page) => changed.includes(page)) : RENDERED_PAGES;
    const rendered = await renderer.render(toRender, shownAt(await versionContent(tx, version), now()));
    if (complete) {
      // Copied inside the database: the HTML of the unchanged pages never travels.
      await tx.insert(sitePages).select(
        tx
          .select({
            build: sitePages.build,
            version: sql<number>`${version}::bigint`.as("version"),
            path: sitePages.path,
            html: sitePages.html,
            renderedAt: sitePages.renderedAt,
          })
          .from(sitePages)
          .where(
            and(
              eq(sitePages.build, renderer.build),
              eq(sitePages.version, before.id),
              notInArray(sitePages.path, [...toRender]),
            ),
          ),
      );
    }
    await storePages(tx, renderer.build, version, rendered);
    return rendered.size;
  }

  /** A job of the live version has closed since its pages were rendered: the pages showing jobs again, same version. */
  async function closeJobs(renderer: PageRenderer, pages: PublicPages, version: number, content: PublicSiteContent) {
    const at = now();
    const rendered = await renderer.render(siteCollectionPages.jobs, shownAt(content, at));
    for (const [path, html] of rendered) {
      await db
        .update(sitePages)
        .set({ html, renderedAt: at })
        .where(and(eq(sitePages.build, renderer.build), eq(sitePages.version, version), eq(sitePages.path, path)));
    }
    await pages.replace(rendered);
    closing = nextClosingOf(content, at.getTime());
    log.info({ version }, "a job closed: the pages showing jobs rendered again");
  }

  const nextClosingOf = (content: PublicSiteContent, after: number) => {
    const at = nextClosing(content, after);
    return at === null ? null : { at, content };
  };

  async function refreshNow(): Promise<number | null> {
    if (!renderer || !target?.served) return live;
    const [newest] = await db.select({ id: max(siteVersions.id) }).from(siteVersions);
    const version = newest?.id == null ? null : Number(newest.id);
    if (version === null) return live;
    if (version === live) {
      if (closing && closing.at <= now().getTime()) await closeJobs(renderer, target, version, closing.content);
      return live;
    }
    const pagesOf = () =>
      db
        .select({ path: sitePages.path, html: sitePages.html, renderedAt: sitePages.renderedAt })
        .from(sitePages)
        .where(and(eq(sitePages.build, renderer.build), eq(sitePages.version, version)));
    let rows = await pagesOf();
    if (rows.length < RENDERED_PAGES.length) {
      // A version published by another build (a deploy), or before any build was served: this build renders it.
      const started = performance.now();
      await renderVersion(db, version, RENDERED_PAGES);
      log.info({ version, ms: Math.round(performance.now() - started) }, "site pages rendered for this build");
      rows = await pagesOf();
    }
    // Only what differs from what is served is compressed and swapped: most publishes change a page or two.
    const served = target;
    await served.replace(
      new Map(rows.filter((row) => served.html(row.path) !== row.html).map((row) => [row.path, row.html])),
    );
    if (live !== null) log.info({ version, was: live }, "site version now live");
    live = version;
    // The jobs that close after the career page was rendered: the poll renders it again as each does.
    const careerRenderedAt = rows.find((row) => row.path === "/career")?.renderedAt ?? now();
    closing = nextClosingOf(await versionContent(db, version), careerRenderedAt.getTime());
    if (closing && closing.at <= now().getTime()) await closeJobs(renderer, target, version, closing.content);
    return live;
  }

  return {
    get live() {
      return live;
    },
    async render(tx: Db, version: SiteVersion) {
      try {
        const started = performance.now();
        const count = await renderVersion(tx, version.id, pagesChangedBy(version.changes));
        if (count !== undefined)
          log.info(
            { version: version.id, pages: count, ms: Math.round(performance.now() - started) },
            "site pages rendered",
          );
      } catch (error) {
        if (error instanceof PageRenderError) throw renderRefused(error);
        throw error;
      }
    },
    async published(version: SiteVersion) {
      // Committed already: a failure here leaves this instance to its poll, not the publish undone.
      await this.refresh().catch((error: unknown) =>
        log.error({ err: error, version: version.id }, "site pages refresh failed"),
      );
      tell(version.id);
    },
    refresh() {
      // One after the other: a slow refresh never puts an older version back over a newer one.
      refreshing = refreshing.catch(() => null).then(refreshNow);
      return refreshing;
    },
    serveWith(pages: PublicPages) {
      target = pages;
    },
    async renderOne(page: string, content: PublicSiteContent) {
      if (!renderer) return null;
      return (await renderer.render([page], shownAt(content, now()))).get(page) ?? null;
    },
  } satisfies LivePages;
}

export interface LivePagesOptions {
  /** Where the server build to render with is (build/render); absent: no rendering (tests without a build). */
  renderDir?: string;
  /** A renderer other than the server build's (tests: the publishing rules without a client build). */
  renderer?: PageRenderer;
  pollMs?: number;
  /** The clock jobs close by (tests move it). */
  now?: () => Date;
}

/**
 * Decorates `app.livePages`. Registered before the routes that publish; the site plugin hands it
 * the pages it serves, and from the app's start it keeps them at the newest version.
 */
export const livePagesPlugin = fp<LivePagesOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: "site-pages" });
    const renderer = options.renderer ?? (options.renderDir ? await loadPageRenderer(options.renderDir) : null);
    const pages = livePages({
      db: app.db,
      renderer,
      log,
      now: options.now ?? (() => new Date()),
      tell: (version) => {
        app.realtime.broker.publish(SITE_PUBLISHED_CHANNEL, { version }).catch((error: unknown) => {
          log.warn({ err: error, version }, "could not tell the other instances of a publish (they poll)");
        });
      },
    });
    app.decorate("livePages", pages);
    if (!renderer) return;
    app.addHook("onReady", async () => {
      app.realtime.broker.subscribe(SITE_PUBLISHED_CHANNEL, () => {
        pages.refresh().catch((error: unknown) => log.warn({ err: error }, "site pages refresh failed"));
      });
    });
    // The first run, as the app gets ready, serves what the database holds (rendering it if needed).
    periodicTask(app, {
      what: "site pages refresh",
      everyMs: options.pollMs ?? LIVE_PAGES_POLL_MS,
      task: pages.refresh,
    });
  },
  { name: "site-live-pages" },
);
