import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * DESIGN §13: secrets the environment does not give (the JWT secret, the captcha key, the VAPID
 * keys), generated once by whichever instance asks first and read by all (lib/secrets.ts).
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
