CREATE TABLE "order_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"order_id" uuid NOT NULL,
	"template_id" uuid,
	"trigger" text NOT NULL,
	"occasion" text DEFAULT 'auto' NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text,
	"subject" text,
	"body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"fallback_of" uuid,
	"not_before" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_status_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error" text,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ccm" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "order_message" ADD CONSTRAINT "order_message_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message" ADD CONSTRAINT "order_message_template_id_ccm_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."ccm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_message_once_idx" ON "order_message" USING btree ("order_id","template_id","trigger","occasion");--> statement-breakpoint
CREATE INDEX "order_message_order_idx" ON "order_message" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_message_company_idx" ON "order_message" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_message_provider_idx" ON "order_message" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "provider_status_report_message_idx" ON "provider_status_report" USING btree ("provider","provider_message_id");