CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_name" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "building_level1" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"building_id" uuid,
	"level2" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"company_id" uuid,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "building_level2" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"customers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "building" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"company_id" uuid,
	"level1" text,
	"level2" text,
	"external_id" text,
	"building_id" text,
	"customer_name" text,
	"customer_phone" text,
	"customer_email" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ccm" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text,
	"sub_type" text,
	"trigger" text,
	"subject" text,
	"content" text,
	"company_id" uuid,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"type" text,
	"external_id" text,
	"logo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_collect_expired_order" boolean DEFAULT false NOT NULL,
	"group_id" uuid,
	"distribution_logistic" boolean DEFAULT false NOT NULL,
	"parent_id" uuid,
	"building_id" uuid,
	"company_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_days_overdue_date_delivery" integer,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "compartiment_layout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"name" text,
	"width" numeric(14, 2),
	"height" numeric(14, 2),
	"depth" numeric(14, 2),
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"cellphone" text,
	"email" text,
	"document_number" text,
	"company_id" uuid,
	"building_level2_id" uuid,
	"photo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pcd" boolean DEFAULT false NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ebox_module_compartiment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebox_module_id" uuid,
	"static_number" integer,
	"compartiment_layout_id" uuid,
	"pcd" boolean DEFAULT false NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"priority" integer,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ebox_module" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"code" text,
	"default_board_number" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "locker_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"link" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"description" text,
	"unit_price" numeric(14, 2),
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "qrcode_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text,
	"hbs_content" text,
	"company_id" uuid,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "revoked_token" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"description" text,
	"company_id" uuid,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"predefined" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size_in_bytes" integer NOT NULL,
	"mime_type" text,
	"storage_key" text NOT NULL,
	"entity_name" text,
	"field_name" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"full_name" text,
	"phone_number" text,
	"avatars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"roles" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"allowed_companies" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"email_verification_token_hash" text,
	"email_verification_expires_at" timestamp with time zone,
	"password_reset_token_hash" text,
	"password_reset_expires_at" timestamp with time zone,
	"import_hash" text,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"street" text,
	"company_id" uuid,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text,
	"company_id" uuid,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "building_level1" ADD CONSTRAINT "building_level1_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_level1" ADD CONSTRAINT "building_level1_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm" ADD CONSTRAINT "ccm_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_group_id_locker_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."locker_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_parent_id_company_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_building_level2_id_building_level2_id_fk" FOREIGN KEY ("building_level2_id") REFERENCES "public"."building_level2"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox_module_compartiment" ADD CONSTRAINT "ebox_module_compartiment_ebox_module_id_ebox_module_id_fk" FOREIGN KEY ("ebox_module_id") REFERENCES "public"."ebox_module"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox_module_compartiment" ADD CONSTRAINT "ebox_module_compartiment_compartiment_layout_id_compartiment_layout_id_fk" FOREIGN KEY ("compartiment_layout_id") REFERENCES "public"."compartiment_layout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_template" ADD CONSTRAINT "qrcode_template_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_timestamp_idx" ON "audit_log" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_name","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "building_level1_import_hash_key" ON "building_level1" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "building_level1_created_at_idx" ON "building_level1" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "building_level1_name_trgm_idx" ON "building_level1" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "building_level1_building_idx" ON "building_level1" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "building_level1_level2_gin_idx" ON "building_level1" USING gin ("level2");--> statement-breakpoint
CREATE INDEX "building_level1_company_idx" ON "building_level1" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "building_level1_name_idx" ON "building_level1" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "building_level2_import_hash_key" ON "building_level2" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "building_level2_created_at_idx" ON "building_level2" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "building_level2_name_trgm_idx" ON "building_level2" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "building_level2_customers_gin_idx" ON "building_level2" USING gin ("customers");--> statement-breakpoint
CREATE INDEX "building_level2_name_idx" ON "building_level2" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "building_import_hash_key" ON "building" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "building_created_at_idx" ON "building" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "building_name_trgm_idx" ON "building" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "building_company_idx" ON "building" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "building_external_id_trgm_idx" ON "building" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "building_name_idx" ON "building" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ccm_import_hash_key" ON "ccm" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "ccm_created_at_idx" ON "ccm" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ccm_subject_trgm_idx" ON "ccm" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ccm_content_trgm_idx" ON "ccm" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ccm_company_idx" ON "ccm" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ccm_subject_idx" ON "ccm" USING btree ("subject");--> statement-breakpoint
CREATE UNIQUE INDEX "company_import_hash_key" ON "company" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "company_created_at_idx" ON "company" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "company_name_trgm_idx" ON "company" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_external_id_trgm_idx" ON "company" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_group_idx" ON "company" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "company_parent_idx" ON "company" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "company_building_idx" ON "company" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "compartiment_layout_import_hash_key" ON "compartiment_layout" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "compartiment_layout_created_at_idx" ON "compartiment_layout" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "compartiment_layout_code_trgm_idx" ON "compartiment_layout" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "compartiment_layout_name_trgm_idx" ON "compartiment_layout" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "compartiment_layout_name_idx" ON "compartiment_layout" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_import_hash_key" ON "customer" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "customer_created_at_idx" ON "customer" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_name_trgm_idx" ON "customer" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_cellphone_trgm_idx" ON "customer" USING gin ("cellphone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_email_trgm_idx" ON "customer" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_document_number_trgm_idx" ON "customer" USING gin ("document_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_company_idx" ON "customer" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_building_level2_idx" ON "customer" USING btree ("building_level2_id");--> statement-breakpoint
CREATE INDEX "customer_name_idx" ON "customer" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ebox_module_compartiment_import_hash_key" ON "ebox_module_compartiment" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "ebox_module_compartiment_created_at_idx" ON "ebox_module_compartiment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ebox_module_compartiment_ebox_module_idx" ON "ebox_module_compartiment" USING btree ("ebox_module_id");--> statement-breakpoint
CREATE INDEX "ebox_module_compartiment_compartiment_layout_idx" ON "ebox_module_compartiment" USING btree ("compartiment_layout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ebox_module_import_hash_key" ON "ebox_module" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "ebox_module_created_at_idx" ON "ebox_module" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ebox_module_name_trgm_idx" ON "ebox_module" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ebox_module_code_trgm_idx" ON "ebox_module" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ebox_module_name_idx" ON "ebox_module" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_group_import_hash_key" ON "locker_group" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "locker_group_created_at_idx" ON "locker_group" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "locker_group_name_trgm_idx" ON "locker_group" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locker_group_name_idx" ON "locker_group" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outbox_message_created_at_idx" ON "outbox_message" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_import_hash_key" ON "product" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "product_created_at_idx" ON "product" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_description_trgm_idx" ON "product" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "qrcode_template_import_hash_key" ON "qrcode_template" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "qrcode_template_created_at_idx" ON "qrcode_template" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "qrcode_template_company_idx" ON "qrcode_template" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "revoked_token_expires_at_idx" ON "revoked_token" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_import_hash_key" ON "role" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "role_created_at_idx" ON "role" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "role_name_trgm_idx" ON "role" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "role_name_key" ON "role" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "role_company_idx" ON "role" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "role_name_idx" ON "role" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_key" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_import_hash_key" ON "user" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "user_roles_gin_idx" ON "user" USING gin ("roles");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_import_hash_key" ON "warehouse" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "warehouse_created_at_idx" ON "warehouse" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "warehouse_name_trgm_idx" ON "warehouse" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouse_street_trgm_idx" ON "warehouse" USING gin ("street" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouse_company_idx" ON "warehouse" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "warehouse_name_idx" ON "warehouse" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_import_hash_key" ON "webhook" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "webhook_created_at_idx" ON "webhook" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_url_trgm_idx" ON "webhook" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhook_company_idx" ON "webhook" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "webhook_url_idx" ON "webhook" USING btree ("url");