CREATE TABLE "drawing_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drawing_id" bigint NOT NULL,
	"revision" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_id" bigint,
	"uploaded_by_name" text NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	CONSTRAINT "drawing_revisions_status_check" CHECK ("drawing_revisions"."status" in ('inProgress', 'issued', 'approved', 'approvedAsNoted', 'reviseResubmit', 'rejected', 'released'))
);
--> statement-breakpoint
CREATE TABLE "drawings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"number" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"revision" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"on_hold" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawings_status_check" CHECK ("drawings"."status" in ('inProgress', 'issued', 'approved', 'approvedAsNoted', 'reviseResubmit', 'rejected', 'released'))
);
--> statement-breakpoint
ALTER TABLE "drawing_revisions" ADD CONSTRAINT "drawing_revisions_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_revisions" ADD CONSTRAINT "drawing_revisions_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drawing_revisions_revision_idx" ON "drawing_revisions" USING btree ("drawing_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "drawing_revisions_file_idx" ON "drawing_revisions" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "drawing_revisions_drawing_idx" ON "drawing_revisions" USING btree ("drawing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drawings_project_number_idx" ON "drawings" USING btree ("project_id","number");