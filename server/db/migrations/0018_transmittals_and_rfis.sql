CREATE TABLE "rfi_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rfi_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfi_sheets" (
	"rfi_id" bigint NOT NULL,
	"drawing_id" bigint NOT NULL,
	CONSTRAINT "rfi_sheets_rfi_id_drawing_id_pk" PRIMARY KEY("rfi_id","drawing_id")
);
--> statement-breakpoint
CREATE TABLE "rfis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"subject" text NOT NULL,
	"question" text NOT NULL,
	"suggestion" text DEFAULT '' NOT NULL,
	"to" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"token" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by_id" bigint,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfis_state_check" CHECK ("rfis"."state" in ('open', 'answered', 'closed', 'void'))
);
--> statement-breakpoint
CREATE TABLE "transmittal_markups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transmittal_id" bigint NOT NULL,
	"number" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transmittal_reminders" (
	"transmittal_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transmittal_reminders_transmittal_id_ordinal_pk" PRIMARY KEY("transmittal_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "transmittal_sheets" (
	"transmittal_id" bigint NOT NULL,
	"drawing_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"revision" text NOT NULL,
	"response" text,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "transmittal_sheets_transmittal_id_number_pk" PRIMARY KEY("transmittal_id","number"),
	CONSTRAINT "transmittal_sheets_response_check" CHECK ("transmittal_sheets"."response" is null or "transmittal_sheets"."response" in ('approved', 'approvedAsNoted', 'reviseResubmit', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "transmittals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"purpose" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"recipients" text[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"password_hash" text,
	"cover_key" text NOT NULL,
	"created_by_id" bigint,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "transmittals_purpose_check" CHECK ("transmittals"."purpose" in ('approval', 'fabrication', 'information'))
);
--> statement-breakpoint
ALTER TABLE "rfi_files" ADD CONSTRAINT "rfi_files_rfi_id_rfis_id_fk" FOREIGN KEY ("rfi_id") REFERENCES "public"."rfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfi_sheets" ADD CONSTRAINT "rfi_sheets_rfi_id_rfis_id_fk" FOREIGN KEY ("rfi_id") REFERENCES "public"."rfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfi_sheets" ADD CONSTRAINT "rfi_sheets_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfis" ADD CONSTRAINT "rfis_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfis" ADD CONSTRAINT "rfis_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittal_markups" ADD CONSTRAINT "transmittal_markups_transmittal_id_transmittals_id_fk" FOREIGN KEY ("transmittal_id") REFERENCES "public"."transmittals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittal_reminders" ADD CONSTRAINT "transmittal_reminders_transmittal_id_transmittals_id_fk" FOREIGN KEY ("transmittal_id") REFERENCES "public"."transmittals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittal_sheets" ADD CONSTRAINT "transmittal_sheets_transmittal_id_transmittals_id_fk" FOREIGN KEY ("transmittal_id") REFERENCES "public"."transmittals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittal_sheets" ADD CONSTRAINT "transmittal_sheets_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittals" ADD CONSTRAINT "transmittals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmittals" ADD CONSTRAINT "transmittals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rfi_files_file_idx" ON "rfi_files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "rfi_files_rfi_idx" ON "rfi_files" USING btree ("rfi_id");--> statement-breakpoint
CREATE INDEX "rfi_sheets_drawing_idx" ON "rfi_sheets" USING btree ("drawing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfis_project_seq_idx" ON "rfis" USING btree ("project_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "rfis_token_idx" ON "rfis" USING btree ("token");--> statement-breakpoint
CREATE INDEX "rfis_due_idx" ON "rfis" USING btree ("state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transmittal_markups_file_idx" ON "transmittal_markups" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "transmittal_markups_idx" ON "transmittal_markups" USING btree ("transmittal_id");--> statement-breakpoint
CREATE INDEX "transmittal_sheets_drawing_idx" ON "transmittal_sheets" USING btree ("drawing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transmittals_project_seq_idx" ON "transmittals" USING btree ("project_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "transmittals_token_idx" ON "transmittals" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "transmittals_cover_idx" ON "transmittals" USING btree ("cover_key");--> statement-breakpoint
CREATE INDEX "transmittals_due_idx" ON "transmittals" USING btree ("due_at");