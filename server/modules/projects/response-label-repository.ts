import { and, eq, sql } from "drizzle-orm";
import {
  defaultResponseLabels,
  type ResponseLabels,
  type ResponseLabelsAnswer,
  responseLabelsSchema,
} from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { officeSettings } from "../../db/schema.ts";

/** The office setting's name (DESIGN §16: "an admin may rename them"). */
const SETTING = "responseLabels";

/**
 * The office's words for the review's four responses, kept in `office_settings` under
 * `responseLabels` with a version for stale writes. No row means the defaults, at version 0.
 */
export function responseLabelRepository(db: Db) {
  const row = (from: Db) =>
    from
      .select({ value: officeSettings.value, version: officeSettings.version })
      .from(officeSettings)
      .where(eq(officeSettings.name, SETTING));

  /** The current words and their version; a stored value that no longer parses reads as the defaults. */
  async function current(from: Db = db): Promise<ResponseLabelsAnswer> {
    const [found] = await row(from);
    if (!found) return { labels: defaultResponseLabels, version: 0 };
    const parsed = responseLabelsSchema.safeParse(found.value);
    return { labels: parsed.success ? parsed.data : defaultResponseLabels, version: found.version };
  }

  return {
    current,
    /** Just the words, for whatever prints a response. */
    labels: async (from: Db = db): Promise<ResponseLabels> => (await current(from)).labels,

    /**
     * Writes new words in the caller's transaction when they are still at `version` (0: nobody
     * renamed them yet); false when someone changed them since, and nothing is written.
     */
    async save(tx: Db, labels: ResponseLabels, version: number, by: number): Promise<boolean> {
      if (version === 0) {
        const inserted = await tx
          .insert(officeSettings)
          .values({ name: SETTING, value: labels, version: 1, updatedBy: by })
          .onConflictDoNothing()
          .returning({ name: officeSettings.name });
        return inserted.length === 1;
      }
      const updated = await tx
        .update(officeSettings)
        .set({ value: labels, version: sql`${officeSettings.version} + 1`, updatedBy: by, updatedAt: sql`now()` })
        .where(and(eq(officeSettings.name, SETTING), eq(officeSettings.version, version)))
        .returning({ name: officeSettings.name });
      return updated.length === 1;
    },
  };
}
