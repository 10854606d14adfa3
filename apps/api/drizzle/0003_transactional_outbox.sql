ALTER TABLE "outbox_message" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Messages recorded before the queue were tried once, during their request.
UPDATE "outbox_message" SET "attempts" = 1 WHERE "status" IN ('sent', 'failed');
