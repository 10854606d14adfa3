CREATE TABLE "customer_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"customer_id" uuid NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_device_token_key" UNIQUE NULLS NOT DISTINCT("company_id","token")
);
--> statement-breakpoint
ALTER TABLE "order_message" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_device" ADD CONSTRAINT "customer_device_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_device_customer_idx" ON "customer_device" USING btree ("customer_id","registered_at");--> statement-breakpoint
ALTER TABLE "order_message" ADD CONSTRAINT "order_message_device_id_customer_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."customer_device"("id") ON DELETE set null ON UPDATE no action;