CREATE TABLE "chat_attachments" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "chat_attachments_unsent_idx" ON "chat_attachments" USING btree ("created_at") WHERE "chat_attachments"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "messages_file_url_idx" ON "messages" USING btree ("file_url");