ALTER TABLE "shared_files" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "shared_files" ADD COLUMN "max_downloads" integer;--> statement-breakpoint
ALTER TABLE "shared_files" ADD COLUMN "downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_files" ADD COLUMN "last_download_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shared_files" ADD COLUMN "revoked_at" timestamp with time zone;