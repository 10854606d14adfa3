CREATE TABLE "whatsapp_send_slot" (
	"phone_number_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whatsapp_send_slot_number_at" ON "whatsapp_send_slot" USING btree ("phone_number_id","at");