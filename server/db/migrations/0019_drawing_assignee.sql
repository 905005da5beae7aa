ALTER TABLE "drawings" ADD COLUMN "assignee_id" bigint;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawings_assignee_idx" ON "drawings" USING btree ("assignee_id");