CREATE TABLE "packing_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packing_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"step" text NOT NULL,
	"ebox_id" uuid,
	"position" integer NOT NULL,
	"compartiment_size" text,
	"target_compartiment_id" uuid,
	"target_compartiment_number" integer,
	"previous_compartiment_number" integer,
	"not_fitting" text,
	"order_updated_at" timestamp with time zone NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "packing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"company_id" uuid,
	"warehouse_id" uuid,
	"picking" text,
	"operator_id" uuid,
	"route_id" uuid,
	"notes" text,
	"orders" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"eboxes" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tracking_code" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_orders" integer,
	"packing_orders" integer,
	"finished_at" timestamp with time zone,
	"finished_by" text,
	"created_by" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "packing_order" ADD CONSTRAINT "packing_order_packing_id_packing_id_fk" FOREIGN KEY ("packing_id") REFERENCES "public"."packing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_order" ADD CONSTRAINT "packing_order_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_order" ADD CONSTRAINT "packing_order_target_compartiment_id_compartiment_id_fk" FOREIGN KEY ("target_compartiment_id") REFERENCES "public"."compartiment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing" ADD CONSTRAINT "packing_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing" ADD CONSTRAINT "packing_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing" ADD CONSTRAINT "packing_operator_id_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing" ADD CONSTRAINT "packing_route_id_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."route"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packing_order_packing_order_key" ON "packing_order" USING btree ("packing_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_order_open_order_key" ON "packing_order" USING btree ("order_id") WHERE open;--> statement-breakpoint
CREATE UNIQUE INDEX "packing_order_open_target_key" ON "packing_order" USING btree ("target_compartiment_id") WHERE open AND target_compartiment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "packing_order_packing_idx" ON "packing_order" USING btree ("packing_id","position");--> statement-breakpoint
CREATE INDEX "packing_order_order_idx" ON "packing_order" USING btree ("order_id","order_updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_import_hash_key" ON "packing" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "packing_created_at_idx" ON "packing" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "packing_name_trgm_idx" ON "packing" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_company_idx" ON "packing" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "packing_warehouse_idx" ON "packing" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "packing_operator_idx" ON "packing" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "packing_route_idx" ON "packing" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "packing_orders_gin_idx" ON "packing" USING gin ("orders");--> statement-breakpoint
CREATE INDEX "packing_eboxes_gin_idx" ON "packing" USING gin ("eboxes");--> statement-breakpoint
CREATE INDEX "packing_name_idx" ON "packing" USING btree (("name" COLLATE "pt-BR-x-icu"));