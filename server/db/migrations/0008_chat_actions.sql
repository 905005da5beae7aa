CREATE TABLE "chat_mentions" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "chat_mentions_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_reactions" (
	"message_id" bigint NOT NULL,
	"emoji" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reactions_message_id_emoji_user_id_pk" PRIMARY KEY("message_id","emoji","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_read_marks" (
	"conversation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"up_to_seq" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_read_marks_conversation_id_user_id_up_to_seq_pk" PRIMARY KEY("conversation_id","user_id","up_to_seq")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_to_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, content)) STORED;--> statement-breakpoint
ALTER TABLE "unread_messages" ADD COLUMN "mentioned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_mentions" ADD CONSTRAINT "chat_mentions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mentions" ADD CONSTRAINT "chat_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_marks" ADD CONSTRAINT "chat_read_marks_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_marks" ADD CONSTRAINT "chat_read_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mentions_user_id_idx" ON "chat_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_reactions_user_id_idx" ON "chat_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_read_marks_user_id_idx" ON "chat_read_marks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_to_id_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "messages_reply_to_id_idx" ON "messages" USING btree ("reply_to_id") WHERE "messages"."reply_to_id" is not null;--> statement-breakpoint
-- chat_store_messages, as in 0007, and: a message's `reply_to_id` (checked by the caller to be in the
-- same conversation); readers may carry `mentioned` (DESIGN §10 @mentions): their unread row says so
-- (the mention badge) and the message's chat_mentions row is written in the same statement.
CREATE OR REPLACE FUNCTION "chat_store_messages"("batch" jsonb, "readers" jsonb, "rate_limit" integer, "rate_window" interval, "exclusive" boolean)
RETURNS TABLE ("n" integer, "outcome" text, "message_id" bigint, "seq" bigint, "conversation_id" bigint, "created_at" timestamptz)
LANGUAGE plpgsql VOLATILE AS $fn$
#variable_conflict use_column
BEGIN
	INSERT INTO chat_conversations (user_low, user_high)
	SELECT DISTINCT x.low, x.high FROM jsonb_to_recordset(batch) AS x(group_id bigint, low bigint, high bigint)
	WHERE x.group_id IS NULL
	ORDER BY x.low, x.high
	ON CONFLICT DO NOTHING;

	-- Another connection may store into the same conversations or for the same senders at once: take
	-- their rows first, always in id order. The only connection to the database (PGlite) skips it.
	IF NOT exclusive THEN
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
	END IF;

	RETURN QUERY
	WITH input AS (
		SELECT * FROM jsonb_to_recordset(batch) AS x(
			n integer, group_id bigint, low bigint, high bigint, type text, sender_id bigint, sender_name text,
			recipient_id bigint, recipient_name text, client_id text, content text, file_url text, file_type text,
			file_name text, reply_to_id bigint)
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
		SELECT l.n, m.id FROM located l
		CROSS JOIN LATERAL (
			SELECT m.id FROM messages m WHERE m.sender_id = l.sender_id AND m.client_id = l.client_id LIMIT 1
		) m
		WHERE l.client_id IS NOT NULL
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
			client_id, content, file_url, file_type, file_name, reply_to_id)
		SELECT a.conv_id, a.last_seq + a.k, a.type, a.sender_id, a.sender_name, a.recipient_id, a.recipient_name,
			a.group_id, a.client_id, a.content, a.file_url, a.file_type, a.file_name, a.reply_to_id
		FROM accepted a ORDER BY a.n
		RETURNING id, conversation_id, seq, created_at
	), stored AS (
		SELECT a.n, i.id, i.seq, i.conversation_id, i.created_at
		FROM accepted a JOIN inserted i ON i.conversation_id = a.conv_id AND i.seq = a.last_seq + a.k
	), reader_rows AS (
		SELECT s.id AS message_id, r.user_id, coalesce(r.mentioned, false) AS mentioned
		FROM stored s JOIN jsonb_to_recordset(readers) AS r(n integer, user_id bigint, mentioned boolean) ON r.n = s.n
		-- A reader deleted since the send was checked is skipped, not an error for the batch.
		WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
	), unread AS (
		INSERT INTO unread_messages (user_id, message_id, mentioned)
		SELECT rr.user_id, rr.message_id, rr.mentioned FROM reader_rows rr
	), mentioned AS (
		INSERT INTO chat_mentions (message_id, user_id)
		SELECT rr.message_id, rr.user_id FROM reader_rows rr WHERE rr.mentioned
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
