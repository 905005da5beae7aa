/**
 * DESIGN §17: "a preview of any page with the drafts is a signed link (`noindex`), valid one hour".
 * An admin asks for a link; whoever has it sees, for an hour, every public page rendered by the
 * real renderer with all drafts and removals applied. The link is signed (HS256, a secret of its
 * own shared by the instances), so no row is kept; the page is sent without its scripts (it would
 * otherwise hydrate at an address its router does not know), never cached, never indexed.
 */

import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sitePaths, sitePreviewSchema } from "../../../shared/site-content.ts";
import { escapeHtml, sendServerPage } from "../../lib/html-page.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { sharedSecret } from "../../lib/secrets.ts";
import { currentUser } from "../../plugins/auth.ts";
import { contentSecurityPolicy } from "../../plugins/site.ts";
import { RENDERED_PAGES } from "./live-pages.ts";
import { PageRenderError } from "./render.ts";
import { siteRepository } from "./repository.ts";

export const PREVIEW_TTL_SECONDS = 60 * 60;
export const PREVIEW_PREFIX = "/site-preview";
const AUDIENCE = "site-preview";
/** The pages a preview shows: the public ones (the 404 page is not one anyone asks for). */
const PREVIEW_PAGES = new Set(RENDERED_PAGES.filter((page) => !page.startsWith("/__")));

/** The page without what would run: scripts, module preloads. Marked noindex. */
export function staticPreview(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link rel="modulepreload"[^>]*>/gi, "")
    .replace(/<head>/i, '<head><meta name="robots" content="noindex, nofollow"/>');
}

/** A page in the firm's name saying why there is no preview, and what to do. */
const noPreview = (reply: FastifyReply, status: number, title: string, text: string) =>
  sendServerPage(reply, status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);

export interface SitePreviewOptions {
  /** The clock links are signed and checked by (tests move it). */
  now?: () => Date;
}

export const sitePreviewRoutes: FastifyPluginAsyncZod<SitePreviewOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const repository = siteRepository(app.db);
  const key = new TextEncoder().encode(
    await sharedSecret(app.db, "sitePreviewSecret", { dataDir: app.config.dataDir }),
  );

  app.post(
    sitePaths.preview,
    {
      config: { access: "admin" },
      schema: {
        tags: ["site"],
        summary: "A signed link to preview every public page with the drafts, valid one hour",
        response: { 200: sitePreviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const issuedAt = Math.floor(now().getTime() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setAudience(AUDIENCE)
        .setSubject(String(user.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + PREVIEW_TTL_SECONDS)
        .sign(key);
      return {
        url: `${PREVIEW_PREFIX}/${token}`,
        expiresAt: new Date((issuedAt + PREVIEW_TTL_SECONDS) * 1000).toISOString(),
      };
    },
  );

  app.get(
    `${PREVIEW_PREFIX}/:token/*`,
    {
      config: { access: "public" },
      schema: { hide: true, params: z.object({ token: z.string().max(1000), "*": z.string().max(200) }) },
    },
    async (request, reply) => {
      reply
        .header("cache-control", "private, no-store")
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer")
        .type("text/html; charset=utf-8");
      const page = `/${request.params["*"].replace(/\/+$/, "")}`;
      try {
        await jwtVerify(request.params.token, key, {
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: now(),
        });
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          return noPreview(reply, 410, "This preview link has expired", "Ask for a new one in the site editor.");
        }
        return noPreview(
          reply,
          404,
          "This preview link is not valid",
          "Check that the whole link was copied, or ask for a new one in the site editor.",
        );
      }
      if (!PREVIEW_PAGES.has(page)) {
        return noPreview(reply, 404, "There is no such page to preview", "A preview shows the site's public pages.");
      }
      let html: string | null;
      try {
        html = await app.livePages.renderOne(page, await repository.draftContent());
      } catch (error) {
        if (!(error instanceof PageRenderError)) throw error;
        return noPreview(reply, 422, "The drafts cannot be shown", `${error.message}.`);
      }
      if (html === null) {
        return noPreview(
          reply,
          503,
          "Previews need the built site",
          "Build it (npm run build), then open the link again.",
        );
      }
      const preview = staticPreview(html);
      return reply.header("content-security-policy", contentSecurityPolicy(preview)).send(preview);
    },
  );
};
