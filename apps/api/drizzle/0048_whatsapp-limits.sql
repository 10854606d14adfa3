CREATE TABLE "whatsapp_recipient_reach" (
	"phone_number_id" text NOT NULL,
	"wa_id" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_recipient_reach_phone_number_id_wa_id_pk" PRIMARY KEY("phone_number_id","wa_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_send_second" (
	"phone_number_id" text NOT NULL,
	"second" bigint NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_send_second_phone_number_id_second_pk" PRIMARY KEY("phone_number_id","second")
);
--> statement-breakpoint
CREATE INDEX "whatsapp_recipient_reach_recent_idx" ON "whatsapp_recipient_reach" USING btree ("phone_number_id","reached_at");