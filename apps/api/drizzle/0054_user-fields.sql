ALTER TABLE "user" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "authentication_uid" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "use_temporary_token" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_key" ON "user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_authentication_uid_key" ON "user" USING btree ("authentication_uid");--> statement-breakpoint
CREATE INDEX "user_company_id_idx" ON "user" USING btree ("company_id");