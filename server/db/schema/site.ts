/** What the public site's forms keep besides quote requests and applications. */
import { sql } from "drizzle-orm";
import { bigserial, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.ts";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * ALTCHA challenges already used (by signature), kept until they expire: a solved challenge is
 * good for one submission, on every server instance.
 */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("captcha_solutions_expires_at_idx").on(t.expiresAt)],
);
