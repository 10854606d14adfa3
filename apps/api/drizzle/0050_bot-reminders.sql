CREATE TABLE "bot_booking" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"ends_at" timestamp with time zone,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bot_booking" ADD CONSTRAINT "bot_booking_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_booking" ADD CONSTRAINT "bot_booking_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_booking_to_remind_idx" ON "bot_booking" USING btree ("ends_at") WHERE reminded_at IS NULL;