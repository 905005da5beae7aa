ALTER TABLE "markups" ADD COLUMN "resolved_in" text;--> statement-breakpoint
ALTER TABLE "markups" ADD COLUMN "carried_from_id" bigint;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_carried_from_id_markups_id_fk" FOREIGN KEY ("carried_from_id") REFERENCES "public"."markups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markups_carried_from_idx" ON "markups" USING btree ("carried_from_id");