-- Chat rows name accounts by id (DESIGN §10): every message, group, membership, allowed sender and
-- unread row is kept. Names map to accounts by lower(username); a name no account has keeps its
-- text with a null id (shown as removed). Every group and every private pair gets a conversation
-- (a pair with a removed side: its own row, that side null), and seq numbers each conversation's
-- messages in id order.
CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint,
	"user_low" bigint,
	"user_high" bigint,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"pair_key" text,
	CONSTRAINT "chat_conversations_group_id_unique" UNIQUE("group_id")
);
--> statement-breakpoint
CREATE TABLE "group_allowed_senders" (
	"group_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "group_allowed_senders_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_groups" RENAME COLUMN "created_by" TO "created_by_name";--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "created_by_id" bigint;--> statement-breakpoint
UPDATE "chat_groups" g SET "created_by_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(g."created_by_name");--> statement-breakpoint
INSERT INTO "group_allowed_senders" ("group_id", "user_id")
	SELECT DISTINCT g."id", u."id"
	FROM "chat_groups" g
	CROSS JOIN LATERAL jsonb_array_elements_text(g."allowed_senders") AS allowed(name)
	JOIN "users" u ON lower(u."username") = lower(allowed.name);--> statement-breakpoint
ALTER TABLE "chat_groups" DROP COLUMN "allowed_senders";--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "user_id" bigint;--> statement-breakpoint
UPDATE "group_members" m SET "user_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(m."username");--> statement-breakpoint
DELETE FROM "group_members" WHERE "user_id" IS NULL;--> statement-breakpoint
DELETE FROM "group_members" a USING "group_members" b
	WHERE a."group_id" = b."group_id" AND a."user_id" = b."user_id" AND a."username" > b."username";--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_id_username_pk";--> statement-breakpoint
DROP INDEX "group_members_username_idx";--> statement-breakpoint
ALTER TABLE "group_members" DROP COLUMN "username";--> statement-breakpoint
ALTER TABLE "group_members" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id");--> statement-breakpoint
DROP INDEX "messages_private_idx";--> statement-breakpoint
DROP INDEX "messages_group_idx";--> statement-breakpoint
ALTER TABLE "messages" RENAME COLUMN "sender" TO "sender_name";--> statement-breakpoint
ALTER TABLE "messages" RENAME COLUMN "recipient" TO "recipient_name";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "recipient_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pair_key" text;--> statement-breakpoint
UPDATE "messages" m SET "sender_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(m."sender_name");--> statement-breakpoint
UPDATE "messages" m SET "recipient_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(m."recipient_name");--> statement-breakpoint
INSERT INTO "chat_conversations" ("group_id") SELECT "id" FROM "chat_groups" ORDER BY "id";--> statement-breakpoint
UPDATE "messages" m SET "conversation_id" = c."id" FROM "chat_conversations" c WHERE c."group_id" = m."group_id";--> statement-breakpoint
-- A private side is its account, or, without one, its name (usernames hold no control characters).
UPDATE "messages" SET "pair_key" = least(x.s, x.r) || chr(31) || greatest(x.s, x.r)
	FROM (
		SELECT "id",
			coalesce('#' || "sender_id", '@' || lower("sender_name")) AS s,
			coalesce('#' || "recipient_id", '@' || lower(coalesce("recipient_name", ''))) AS r
		FROM "messages" WHERE "group_id" IS NULL
	) x
	WHERE "messages"."id" = x."id";--> statement-breakpoint
INSERT INTO "chat_conversations" ("user_low", "user_high", "pair_key")
	SELECT low, CASE WHEN both_known THEN high END, "pair_key"
	FROM (
		SELECT "pair_key",
			min(least("sender_id", "recipient_id")) AS low,
			max(greatest("sender_id", "recipient_id")) AS high,
			bool_and("sender_id" IS NOT NULL AND "recipient_id" IS NOT NULL) AS both_known,
			min("id") AS first_id
		FROM "messages" WHERE "group_id" IS NULL GROUP BY "pair_key"
	) pairs
	ORDER BY first_id;--> statement-breakpoint
UPDATE "messages" m SET "conversation_id" = c."id" FROM "chat_conversations" c WHERE m."group_id" IS NULL AND c."pair_key" = m."pair_key";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "pair_key";--> statement-breakpoint
ALTER TABLE "chat_conversations" DROP COLUMN "pair_key";--> statement-breakpoint
UPDATE "messages" m SET "seq" = n.seq
	FROM (SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "id") AS seq FROM "messages") n
	WHERE m."id" = n."id";--> statement-breakpoint
UPDATE "chat_conversations" c SET "last_seq" = s.last_seq
	FROM (SELECT "conversation_id", max("seq") AS last_seq FROM "messages" GROUP BY "conversation_id") s
	WHERE c."id" = s."conversation_id";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "unread_messages" ADD COLUMN "user_id" bigint;--> statement-breakpoint
UPDATE "unread_messages" r SET "user_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(r."username");--> statement-breakpoint
DELETE FROM "unread_messages" WHERE "user_id" IS NULL;--> statement-breakpoint
DELETE FROM "unread_messages" a USING "unread_messages" b
	WHERE a."message_id" = b."message_id" AND a."user_id" = b."user_id" AND a."username" > b."username";--> statement-breakpoint
ALTER TABLE "unread_messages" DROP CONSTRAINT "unread_messages_username_message_id_pk";--> statement-breakpoint
ALTER TABLE "unread_messages" DROP COLUMN "username";--> statement-breakpoint
ALTER TABLE "unread_messages" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "unread_messages" ADD CONSTRAINT "unread_messages_user_id_message_id_pk" PRIMARY KEY("user_id","message_id");--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "user_id" bigint;--> statement-breakpoint
UPDATE "push_subscriptions" p SET "user_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(p."username");--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE "user_id" IS NULL;--> statement-breakpoint
DROP INDEX "push_subscriptions_username_idx";--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP COLUMN "username";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "uploader_id" bigint;--> statement-breakpoint
UPDATE "chat_attachments" a SET "uploader_id" = u."id" FROM "users" u WHERE lower(u."username") = lower(a."uploader");--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "uploader";--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_allowed_senders" ADD CONSTRAINT "group_allowed_senders_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_allowed_senders" ADD CONSTRAINT "group_allowed_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_pair_idx" ON "chat_conversations" USING btree ("user_low","user_high") WHERE "chat_conversations"."group_id" is null;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_high_idx" ON "chat_conversations" USING btree ("user_high");--> statement-breakpoint
CREATE INDEX "group_allowed_senders_user_id_idx" ON "group_allowed_senders" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_messages" ADD CONSTRAINT "unread_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_attachments_uploader_id_idx" ON "chat_attachments" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "group_members_user_id_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_idx" ON "messages" USING btree ("sender_id","client_id") WHERE "messages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_sender_created_at_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_id_idx" ON "messages" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "messages_group_id_idx" ON "messages" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unread_messages_message_id_idx" ON "unread_messages" USING btree ("message_id");
--> statement-breakpoint
-- One batch of the chat's MessageWriter in one call (DESIGN §10): create the missing private
-- conversations (in key order), lock the batch's conversations, then its senders' account rows,
-- each by id (always this order: writers on several instances never deadlock; the per-sender lock
-- makes the rate limit and clientIds exact); then, seeing what other writers committed, resolve
-- repeated clientIds to the stored message, refuse senders over the limit, number the rest and
-- store them with their unread rows. One row per input row: n, outcome, and for a stored or
-- repeated message its id (seq, conversation and time for a stored one).
CREATE FUNCTION "chat_store_messages"("batch" jsonb, "readers" jsonb, "rate_limit" integer, "rate_window" interval)
RETURNS TABLE ("n" integer, "outcome" text, "message_id" bigint, "seq" bigint, "conversation_id" bigint, "created_at" timestamptz)
LANGUAGE plpgsql VOLATILE AS $fn$
#variable_conflict use_column
BEGIN
	INSERT INTO chat_conversations (user_low, user_high)
	SELECT DISTINCT x.low, x.high FROM jsonb_to_recordset(batch) AS x(group_id bigint, low bigint, high bigint)
	WHERE x.group_id IS NULL
	ORDER BY x.low, x.high
	ON CONFLICT DO NOTHING;

	PERFORM 1 FROM chat_conversations c
	WHERE c.id IN (
		SELECT found.id FROM jsonb_to_recordset(batch) AS x(group_id bigint, low bigint, high bigint)
		CROSS JOIN LATERAL (
			SELECT cc.id FROM chat_conversations cc WHERE x.group_id IS NOT NULL AND cc.group_id = x.group_id
			UNION ALL
			SELECT cc.id FROM chat_conversations cc
			WHERE x.group_id IS NULL AND cc.group_id IS NULL AND cc.user_low = x.low AND cc.user_high = x.high
		) found
	)
	ORDER BY c.id
	FOR UPDATE;

	PERFORM 1 FROM users u
	WHERE u.id IN (SELECT x.sender_id FROM jsonb_to_recordset(batch) AS x(sender_id bigint))
	ORDER BY u.id
	FOR NO KEY UPDATE;

	RETURN QUERY
	WITH input AS (
		SELECT * FROM jsonb_to_recordset(batch) AS x(
			n integer, group_id bigint, low bigint, high bigint, type text, sender_id bigint, sender_name text,
			recipient_id bigint, recipient_name text, client_id text, content text, file_url text, file_type text,
			file_name text)
	), located AS (
		SELECT i.*, found.id AS conv_id, found.last_seq,
			-- The first row of the batch with this sender and clientId (a row without one is its own).
			min(i.n) OVER (PARTITION BY i.sender_id, i.client_id, CASE WHEN i.client_id IS NULL THEN i.n END) AS first_n
		FROM input i
		LEFT JOIN LATERAL (
			SELECT cc.id, cc.last_seq FROM chat_conversations cc WHERE i.group_id IS NOT NULL AND cc.group_id = i.group_id
			UNION ALL
			SELECT cc.id, cc.last_seq FROM chat_conversations cc
			WHERE i.group_id IS NULL AND cc.group_id IS NULL AND cc.user_low = i.low AND cc.user_high = i.high
		) found ON true
	), used AS (
		SELECT l.n, m.id FROM located l JOIN messages m ON m.sender_id = l.sender_id AND m.client_id = l.client_id
	), candidates AS (
		SELECT l.* FROM located l
		WHERE l.first_n = l.n AND l.conv_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM used u WHERE u.n = l.n)
	), recent AS (
		SELECT s.sender_id, (
			SELECT count(*) FROM (
				SELECT 1 FROM messages m WHERE m.sender_id = s.sender_id AND m.created_at > now() - rate_window LIMIT rate_limit
			) r
		) AS sent
		FROM (SELECT DISTINCT c.sender_id FROM candidates c) s
	), accepted AS (
		SELECT c.*, row_number() OVER (PARTITION BY c.conv_id ORDER BY c.n) AS k
		FROM (SELECT c.*, row_number() OVER (PARTITION BY c.sender_id ORDER BY c.n) AS nth FROM candidates c) c
		JOIN recent r ON r.sender_id = c.sender_id
		WHERE r.sent + c.nth <= rate_limit
	), inserted AS (
		INSERT INTO messages (conversation_id, seq, type, sender_id, sender_name, recipient_id, recipient_name, group_id,
			client_id, content, file_url, file_type, file_name)
		SELECT a.conv_id, a.last_seq + a.k, a.type, a.sender_id, a.sender_name, a.recipient_id, a.recipient_name,
			a.group_id, a.client_id, a.content, a.file_url, a.file_type, a.file_name
		FROM accepted a ORDER BY a.n
		RETURNING id, conversation_id, seq, created_at
	), stored AS (
		SELECT a.n, i.id, i.seq, i.conversation_id, i.created_at
		FROM accepted a JOIN inserted i ON i.conversation_id = a.conv_id AND i.seq = a.last_seq + a.k
	), unread AS (
		INSERT INTO unread_messages (user_id, message_id)
		SELECT r.user_id, s.id FROM stored s JOIN jsonb_to_recordset(readers) AS r(n integer, user_id bigint) ON r.n = s.n
		-- A reader deleted since the send was checked is skipped, not an error for the batch.
		WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
	), bumped AS (
		UPDATE chat_conversations c SET last_seq = c.last_seq + b.k
		FROM (SELECT a.conv_id, max(a.k) AS k FROM accepted a GROUP BY a.conv_id) b
		WHERE c.id = b.conv_id
	)
	SELECT l.n,
		CASE
			WHEN l.conv_id IS NULL THEN 'no-conversation'
			WHEN u.id IS NOT NULL THEN 'duplicate'
			WHEN s.id IS NOT NULL AND l.first_n = l.n THEN 'stored'
			WHEN s.id IS NOT NULL THEN 'duplicate'
			ELSE 'rate-limited'
		END,
		coalesce(u.id, s.id),
		CASE WHEN u.id IS NULL AND l.first_n = l.n THEN s.seq END,
		CASE WHEN u.id IS NULL AND l.first_n = l.n THEN s.conversation_id END,
		CASE WHEN u.id IS NULL AND l.first_n = l.n THEN s.created_at END
	FROM located l
	LEFT JOIN used u ON u.n = l.n
	LEFT JOIN stored s ON s.n = l.first_n
	ORDER BY l.n;
END
$fn$;
