CREATE TABLE "terminal_enrolment_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebox_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_client_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compartiment" ADD COLUMN "door_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "compartiment" ADD COLUMN "door_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "unsupported_actions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_enrolment_token" ADD CONSTRAINT "terminal_enrolment_token_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_enrolment_token_hash_key" ON "terminal_enrolment_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "terminal_enrolment_token_ebox_id_idx" ON "terminal_enrolment_token" USING btree ("ebox_id");--> statement-breakpoint
-- Credentials made before lockers existed (no such locker) can never connect a terminal: drop them
-- so the constraint holds; deleting a locker now deletes its credentials (and NOTIFY cuts it off).
DELETE FROM "terminal_credential" c WHERE c."locker_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ebox" e WHERE e."id" = c."locker_id");--> statement-breakpoint
ALTER TABLE "terminal_credential" ADD CONSTRAINT "terminal_credential_locker_id_ebox_id_fk" FOREIGN KEY ("locker_id") REFERENCES "public"."ebox"("id") ON DELETE cascade ON UPDATE no action;