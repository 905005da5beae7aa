CREATE TABLE "site_images" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"original_key" text NOT NULL,
	"original_width" integer NOT NULL,
	"original_height" integer NOT NULL,
	"crop" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"focal_x" real DEFAULT 0.5 NOT NULL,
	"focal_y" real DEFAULT 0.5 NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"decorative" boolean DEFAULT false NOT NULL,
	"uploaded_by" bigint,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_images" ADD CONSTRAINT "site_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;