CREATE TABLE "file_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_total_bytes" bigint NOT NULL,
	"password_hash" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "file_requests_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "received_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_files" ADD CONSTRAINT "received_files_request_id_file_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."file_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_requests_expires_at_idx" ON "file_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "received_files_request_id_idx" ON "received_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_scope_idx" ON "resumable_uploads" USING btree ("scope");--> statement-breakpoint
CREATE INDEX "resumable_uploads_updated_at_idx" ON "resumable_uploads" USING btree ("updated_at");