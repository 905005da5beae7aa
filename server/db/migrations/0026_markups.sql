CREATE TABLE "markup_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"markup_id" bigint NOT NULL,
	"author_id" bigint,
	"author_name" text NOT NULL,
	"transmittal_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drawing_id" bigint NOT NULL,
	"revision_id" bigint NOT NULL,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"color" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"author_id" bigint,
	"author_name" text NOT NULL,
	"transmittal_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" bigint,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markups_kind_check" CHECK ("markups"."kind" in ('cloud', 'rectangle', 'ellipse', 'arrow', 'line', 'text', 'callout', 'ink')),
	CONSTRAINT "markups_status_check" CHECK ("markups"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "markup_comments" ADD CONSTRAINT "markup_comments_markup_id_markups_id_fk" FOREIGN KEY ("markup_id") REFERENCES "public"."markups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_comments" ADD CONSTRAINT "markup_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_comments" ADD CONSTRAINT "markup_comments_transmittal_id_transmittals_id_fk" FOREIGN KEY ("transmittal_id") REFERENCES "public"."transmittals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_revision_id_drawing_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."drawing_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_transmittal_id_transmittals_id_fk" FOREIGN KEY ("transmittal_id") REFERENCES "public"."transmittals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markup_comments_markup_idx" ON "markup_comments" USING btree ("markup_id","id");--> statement-breakpoint
CREATE INDEX "markup_comments_author_idx" ON "markup_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "markups_revision_idx" ON "markups" USING btree ("revision_id","id");--> statement-breakpoint
CREATE INDEX "markups_author_idx" ON "markups" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "markups_transmittal_idx" ON "markups" USING btree ("transmittal_id");