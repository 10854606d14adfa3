CREATE TABLE "idempotency_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"principal" text NOT NULL,
	"request" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_label" text;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_principal_key" ON "idempotency_key" USING btree ("principal","key");--> statement-breakpoint
CREATE INDEX "idempotency_key_created_at_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
-- Entries written before the label existed were all made by people: their email is their label.
UPDATE "audit_log" SET "actor_label" = "created_by_email" WHERE "actor_label" IS NULL;
