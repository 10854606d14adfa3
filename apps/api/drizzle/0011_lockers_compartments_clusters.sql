CREATE TABLE "cluster_ebox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid,
	"ebox_id" uuid,
	"ebox_code" text,
	"cluster_name" text,
	"sequence_compartiments" text,
	"cluster_position" integer,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cluster" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"sequence" text,
	"enable" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"operation_type" text,
	"is_paid" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "compartiment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebox_id" uuid,
	"number" integer,
	"board_number" integer,
	"number_in_column" integer,
	"com_number" integer,
	"usage_type" text,
	"size" text,
	"status" text,
	"pcd" boolean DEFAULT false NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"width" numeric(14, 2),
	"height" numeric(14, 2),
	"depth" numeric(14, 2),
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ebox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"code" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"status" text,
	"street" text,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"coordinates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terminal_id" text,
	"warehouse_id" uuid,
	"company_id" uuid,
	"ebox_module" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"current_modules" integer,
	"start_number" integer,
	"board_number" integer,
	"building_id" uuid,
	"last_heart_beat" timestamp with time zone,
	"os_version" text,
	"shared" boolean DEFAULT false NOT NULL,
	"working_hours" text,
	"application" text,
	"application_version" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "ccm" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "locker_group" ADD COLUMN "ebox" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "qrcode_template" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "cluster_ebox" ADD CONSTRAINT "cluster_ebox_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_ebox" ADD CONSTRAINT "cluster_ebox_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster" ADD CONSTRAINT "cluster_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compartiment" ADD CONSTRAINT "compartiment_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox" ADD CONSTRAINT "ebox_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox" ADD CONSTRAINT "ebox_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox" ADD CONSTRAINT "ebox_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_ebox_import_hash_key" ON "cluster_ebox" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "cluster_ebox_created_at_idx" ON "cluster_ebox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cluster_ebox_cluster_idx" ON "cluster_ebox" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "cluster_ebox_ebox_idx" ON "cluster_ebox" USING btree ("ebox_id");--> statement-breakpoint
CREATE INDEX "cluster_ebox_ebox_code_trgm_idx" ON "cluster_ebox" USING gin ("ebox_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cluster_ebox_ebox_code_idx" ON "cluster_ebox" USING btree (("ebox_code" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_import_hash_key" ON "cluster" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "cluster_created_at_idx" ON "cluster" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cluster_name_trgm_idx" ON "cluster" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cluster_sequence_trgm_idx" ON "cluster" USING gin ("sequence" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cluster_company_idx" ON "cluster" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "cluster_name_idx" ON "cluster" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE UNIQUE INDEX "compartiment_import_hash_key" ON "compartiment" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "compartiment_created_at_idx" ON "compartiment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "compartiment_ebox_idx" ON "compartiment" USING btree ("ebox_id");--> statement-breakpoint
CREATE INDEX "compartiment_size_trgm_idx" ON "compartiment" USING gin ("size" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ebox_import_hash_key" ON "ebox" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "ebox_created_at_idx" ON "ebox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ebox_name_trgm_idx" ON "ebox" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ebox_code_trgm_idx" ON "ebox" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ebox_code_key" ON "ebox" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "ebox_city_trgm_idx" ON "ebox" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ebox_state_trgm_idx" ON "ebox" USING gin ("state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ebox_terminal_id_trgm_idx" ON "ebox" USING gin ("terminal_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ebox_terminal_id_key" ON "ebox" USING btree (lower("terminal_id"));--> statement-breakpoint
CREATE INDEX "ebox_warehouse_idx" ON "ebox" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "ebox_company_idx" ON "ebox" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ebox_ebox_module_gin_idx" ON "ebox" USING gin ("ebox_module");--> statement-breakpoint
CREATE INDEX "ebox_building_idx" ON "ebox" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "ebox_name_idx" ON "ebox" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
ALTER TABLE "ccm" ADD CONSTRAINT "ccm_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_template" ADD CONSTRAINT "qrcode_template_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccm_cluster_idx" ON "ccm" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "locker_group_ebox_gin_idx" ON "locker_group" USING gin ("ebox");--> statement-breakpoint
CREATE INDEX "qrcode_template_cluster_idx" ON "qrcode_template" USING btree ("cluster_id");