CREATE TABLE "bot_conversation" (
	"bot_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"company_id" uuid,
	"state" jsonb,
	"last_inbound_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_conversation_bot_id_wa_id_pk" PRIMARY KEY("bot_id","wa_id")
);
--> statement-breakpoint
ALTER TABLE "bot_message" ALTER COLUMN "wamid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "bot_message_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "step" text;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "bot_message" ADD COLUMN "error_title" text;--> statement-breakpoint
ALTER TABLE "bot_conversation" ADD CONSTRAINT "bot_conversation_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_message_pending_idx" ON "bot_message" USING btree ("bot_id","wa_id","seq") WHERE status = 'queued' OR (direction = 'in' AND processed_at IS NULL);--> statement-breakpoint
-- Messages recorded before conversations were read by none: they are not read now, hours later.
UPDATE "bot_message" SET "processed_at" = "received_at" WHERE "direction" = 'in';
