import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { AccountKind } from "../../../../shared/roles.ts";
import type { Db } from "../../../db/client.ts";
import { chatAttachments, groupMembers, messages } from "../../../db/schema.ts";

/** Who asks, as the access rules need it. */
export interface ChatViewer {
  id: number;
  role: AccountKind;
}

/** Attachments: uploads, who may read them, and the sweep of those never sent. */
export function attachmentStore(db: Db) {
  return {
    async insertAttachment(row: typeof chatAttachments.$inferInsert) {
      await db.insert(chatAttachments).values(row);
    },

    async attachment(key: string) {
      const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.key, key)).limit(1);
      return row;
    },

    async markAttachmentSent(key: string) {
      await db
        .update(chatAttachments)
        .set({ sentAt: new Date() })
        .where(and(eq(chatAttachments.key, key), isNull(chatAttachments.sentAt)));
    },

    /**
     * May `user` read the attachment at `fileUrl`? Yes for its uploader, and for whoever may read a
     * message carrying it: the two sides of a private message; a group's members (admins: any group).
     */
    async canReadAttachment(fileUrl: string, uploaderId: number | null, user: ChatViewer) {
      if (uploaderId === user.id) return true;
      const [row] = await db
        .select({ one: sql`1` })
        .from(messages)
        .where(
          and(
            eq(messages.fileUrl, fileUrl),
            or(
              eq(messages.senderId, user.id),
              eq(messages.recipientId, user.id),
              user.role === "admin"
                ? sql`${messages.groupId} is not null`
                : inArray(
                    messages.groupId,
                    db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, user.id)),
                  ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Attachments uploaded before `before` and never sent: their keys, removed from the table. */
    async removeUnsentAttachments(before: Date): Promise<string[]> {
      const rows = await db
        .delete(chatAttachments)
        .where(and(isNull(chatAttachments.sentAt), lt(chatAttachments.createdAt, before)))
        .returning({ key: chatAttachments.key });
      return rows.map((row) => row.key);
    },
  };
}

export type AttachmentStore = ReturnType<typeof attachmentStore>;
