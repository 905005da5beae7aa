ALTER TABLE "markups" ADD COLUMN "rfi_id" bigint;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_rfi_id_rfis_id_fk" FOREIGN KEY ("rfi_id") REFERENCES "public"."rfis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markups_rfi_idx" ON "markups" USING btree ("rfi_id");