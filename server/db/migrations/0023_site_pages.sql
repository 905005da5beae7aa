CREATE TABLE "site_pages" (
	"build" text NOT NULL,
	"version" bigint NOT NULL,
	"path" text NOT NULL,
	"html" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_build_version_path_pk" PRIMARY KEY("build","version","path")
);
--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_version_site_versions_id_fk" FOREIGN KEY ("version") REFERENCES "public"."site_versions"("id") ON DELETE cascade ON UPDATE no action;