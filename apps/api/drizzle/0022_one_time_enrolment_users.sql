ALTER TABLE "terminal_credential" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "terminal_credential" ADD COLUMN "register_token_hash" text;--> statement-breakpoint
ALTER TABLE "terminal_credential" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminal_enrolment_token" ADD COLUMN "bootstrap_username" text;--> statement-breakpoint
ALTER TABLE "terminal_enrolment_token" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "terminal_enrolment_token" ADD COLUMN "bootstrap_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "terminal_enrolment_token_bootstrap_live_idx" ON "terminal_enrolment_token" USING btree ("expires_at") WHERE "terminal_enrolment_token"."bootstrap_username" is not null and "terminal_enrolment_token"."bootstrap_removed_at" is null;