CREATE TABLE "application_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"actor_name" text,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"application_id" bigint NOT NULL,
	CONSTRAINT "application_activity_kind_check" CHECK ("application_activity"."kind" in ('created', 'status', 'assignee', 'followUp', 'note', 'email', 'erased'))
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" bigint,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"application_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"actor_name" text,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"quote_request_id" bigint NOT NULL,
	CONSTRAINT "quote_request_activity_kind_check" CHECK ("quote_request_activity"."kind" in ('created', 'status', 'assignee', 'followUp', 'note', 'email', 'erased'))
);
--> statement-breakpoint
CREATE TABLE "quote_request_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" bigint,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quote_request_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" RENAME TO "quote_requests";--> statement-breakpoint
ALTER TABLE "quote_requests" RENAME CONSTRAINT "contact_submissions_pkey" TO "quote_requests_pkey";--> statement-breakpoint
ALTER SEQUENCE "contact_submissions_id_seq" RENAME TO "quote_requests_id_seq";--> statement-breakpoint
ALTER TABLE "job_applications" ALTER COLUMN "resume_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "assignee_id" bigint;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "position" text DEFAULT 'Open application' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "keep_for_future_roles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_activity" ADD CONSTRAINT "application_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_activity" ADD CONSTRAINT "application_activity_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_activity" ADD CONSTRAINT "quote_request_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_activity" ADD CONSTRAINT "quote_request_activity_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_notes" ADD CONSTRAINT "quote_request_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_notes" ADD CONSTRAINT "quote_request_notes_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_activity_application_id_idx" ON "application_activity" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_notes_application_id_idx" ON "application_notes" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "quote_request_activity_quote_request_id_idx" ON "quote_request_activity" USING btree ("quote_request_id","id");--> statement-breakpoint
CREATE INDEX "quote_request_notes_quote_request_id_idx" ON "quote_request_notes" USING btree ("quote_request_id","id");--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Requests already stored get their references: numbered within the (UTC) year they came in, in order.
WITH "numbered" AS (
	SELECT "id", extract(year FROM "submitted_at" AT TIME ZONE 'UTC')::int AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "submitted_at" AT TIME ZONE 'UTC') ORDER BY "submitted_at", "id") AS "n"
	FROM "quote_requests"
)
UPDATE "quote_requests" SET "reference" = 'Q-' || "numbered"."year" || '-' || CASE WHEN "numbered"."n" < 10000 THEN lpad("numbered"."n"::text, 4, '0') ELSE "numbered"."n"::text END
FROM "numbered" WHERE "quote_requests"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "quote_request_counters" ("year", "last")
	SELECT extract(year FROM "submitted_at" AT TIME ZONE 'UTC')::int, count(*) FROM "quote_requests" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "quote_requests" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
-- Every request gets its "created" line, dated when it came in.
INSERT INTO "quote_request_activity" ("quote_request_id", "at", "kind", "summary")
	SELECT "id", "submitted_at", 'created', 'Received from the website' FROM "quote_requests";--> statement-breakpoint
INSERT INTO "application_activity" ("application_id", "at", "kind", "summary")
	SELECT "id", "applied_at", 'created', 'Received from the career page (Open application)' FROM "job_applications";--> statement-breakpoint
CREATE UNIQUE INDEX "quote_requests_reference_idx" ON "quote_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "quote_requests_submitted_at_idx" ON "quote_requests" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "quote_requests_email_lower_idx" ON "quote_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "quote_requests_company_lower_idx" ON "quote_requests" USING btree (lower("company"));--> statement-breakpoint
CREATE INDEX "quote_requests_assignee_id_idx" ON "quote_requests" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "quote_requests_follow_up_at_idx" ON "quote_requests" USING btree ("follow_up_at");--> statement-breakpoint
CREATE INDEX "job_applications_applied_at_idx" ON "job_applications" USING btree ("applied_at");--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('new', 'contacted', 'quoted', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_lost_reason_check" CHECK (("quote_requests"."status" = 'lost') = ("quote_requests"."lost_reason" is not null));--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_status_check" CHECK ("job_applications"."status" in ('new', 'screening', 'interview', 'offer', 'hired', 'rejected'));