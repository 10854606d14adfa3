CREATE TABLE "payment_gateway" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"gateway" text,
	"company_id" uuid,
	"access_token" text,
	"webhook_secret" text,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"value" numeric(14, 2),
	"gateway" text,
	"status" text,
	"order_id" uuid,
	"company_id" uuid,
	"ebox_id" uuid,
	"cluster_id" uuid,
	"compartiment_number" integer,
	"compartiment_size" text,
	"tracking_code" text,
	"overdue_date" timestamp with time zone,
	"gateway_id" text,
	"status_detail" text,
	"pix_code" text,
	"ticket_url" text,
	"expires_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"bot_id" uuid,
	"wa_id" text,
	"refund_due" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "payment_gateway" ADD CONSTRAINT "payment_gateway_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateway_import_hash_key" ON "payment_gateway" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "payment_gateway_created_at_idx" ON "payment_gateway" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_gateway_name_trgm_idx" ON "payment_gateway" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_gateway_company_idx" ON "payment_gateway" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_gateway_name_idx" ON "payment_gateway" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_import_hash_key" ON "payment" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "payment_created_at_idx" ON "payment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_order_idx" ON "payment" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_company_idx" ON "payment" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_ebox_idx" ON "payment" USING btree ("ebox_id");--> statement-breakpoint
CREATE INDEX "payment_cluster_idx" ON "payment" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "payment_tracking_code_prefix_idx" ON "payment" USING btree ((lower("tracking_code") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "payment_gateway_id_lower_idx" ON "payment" USING btree (lower("gateway_id"));--> statement-breakpoint
CREATE INDEX "payment_bot_idx" ON "payment" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "payment_tracking_code_idx" ON "payment" USING btree (("tracking_code" COLLATE "pt-BR-x-icu"));