import { asc, count, eq } from "drizzle-orm";
import { type MarkupComment, markupLimits } from "../../../shared/markups.ts";
import type { Db } from "../../db/client.ts";
import { markupComments, markups, transmittals } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { authorOf, type Guard, type MarkupWriter, noSuchMarkup, writtenBy } from "./markup-repository.ts";

const columns = {
  id: markupComments.id,
  authorId: markupComments.authorId,
  authorName: markupComments.authorName,
  transmittalId: markupComments.transmittalId,
  transmittal: transmittals.number,
  text: markupComments.text,
  createdAt: markupComments.createdAt,
};

const toComment = (row: {
  id: number;
  authorId: number | null;
  authorName: string;
  transmittalId: number | null;
  transmittal: string | null;
  text: string;
  createdAt: Date;
}): MarkupComment => ({ id: row.id, author: authorOf(row), text: row.text, createdAt: row.createdAt.toISOString() });

/** DESIGN §18 a markup's comment thread: the one writer of `markup_comments`. */
export function markupCommentRepository(db: Db) {
  return {
    /** The thread of a markup (the caller found the markup on its sheet), oldest first. */
    async list(markupId: number): Promise<MarkupComment[]> {
      const rows = await db
        .select(columns)
        .from(markupComments)
        .leftJoin(transmittals, eq(transmittals.id, markupComments.transmittalId))
        .where(eq(markupComments.markupId, markupId))
        .orderBy(asc(markupComments.id));
      return rows.map(toComment);
    },

    /**
     * Adds a comment under the markup's row lock (so the thread's limit holds however many write
     * at once): the one past the limit is a 400 naming it.
     */
    async add(markupId: number, text: string, by: MarkupWriter, before?: Guard): Promise<MarkupComment> {
      return db.transaction(async (tx) => {
        await before?.(tx);
        const [markup] = await tx
          .select({ id: markups.id })
          .from(markups)
          .where(eq(markups.id, markupId))
          .for("update");
        if (!markup) throw notFound(noSuchMarkup);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(markupComments)
          .where(eq(markupComments.markupId, markupId));
        if (n >= markupLimits.commentsPerMarkup) {
          throw badRequest(`A markup's thread takes at most ${markupLimits.commentsPerMarkup} comments.`, {
            text: `At most ${markupLimits.commentsPerMarkup} comments on one markup`,
          });
        }
        const [inserted] = await tx
          .insert(markupComments)
          .values({ markupId, text, ...writtenBy(by) })
          .returning({ id: markupComments.id });
        const [row] = await tx
          .select(columns)
          .from(markupComments)
          .leftJoin(transmittals, eq(transmittals.id, markupComments.transmittalId))
          .where(eq(markupComments.id, inserted!.id));
        return toComment(row!);
      });
    },
  };
}
