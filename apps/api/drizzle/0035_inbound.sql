CREATE TABLE "inbound" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"company_id" uuid,
	"warehouse_id" uuid,
	"delivery_window" jsonb,
	"notes" text,
	"orders" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tracking_code" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_orders" integer,
	"packing_orders" integer,
	"inbound_at" timestamp with time zone,
	"created_by" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "inbound" ADD CONSTRAINT "inbound_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound" ADD CONSTRAINT "inbound_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_import_hash_key" ON "inbound" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "inbound_created_at_idx" ON "inbound" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbound_name_trgm_idx" ON "inbound" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inbound_company_idx" ON "inbound" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "inbound_warehouse_idx" ON "inbound" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "inbound_orders_gin_idx" ON "inbound" USING gin ("orders");--> statement-breakpoint
CREATE INDEX "inbound_name_idx" ON "inbound" USING btree (("name" COLLATE "pt-BR-x-icu"));