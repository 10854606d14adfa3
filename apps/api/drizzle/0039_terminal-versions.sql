CREATE TABLE "terminal_ui_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identification" text,
	"description" text,
	"company_id" uuid,
	"key_s3" text,
	"file" text,
	"file_name" text,
	"sha256" text,
	"size_in_bytes" double precision,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "terminal_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identification" text,
	"name" text,
	"version_number" text,
	"os_application" text,
	"company_id" uuid,
	"download" text,
	"description" text,
	"file" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "terminal_ui_version" ADD CONSTRAINT "terminal_ui_version_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_version" ADD CONSTRAINT "terminal_version_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_ui_version_import_hash_key" ON "terminal_ui_version" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "terminal_ui_version_created_at_idx" ON "terminal_ui_version" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "terminal_ui_version_identification_trgm_idx" ON "terminal_ui_version" USING gin ("identification" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_ui_version_description_trgm_idx" ON "terminal_ui_version" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_ui_version_company_idx" ON "terminal_ui_version" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminal_ui_version_identification_idx" ON "terminal_ui_version" USING btree (("identification" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_version_import_hash_key" ON "terminal_version" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "terminal_version_created_at_idx" ON "terminal_version" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "terminal_version_identification_trgm_idx" ON "terminal_version" USING gin ("identification" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_version_name_trgm_idx" ON "terminal_version" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_version_version_number_trgm_idx" ON "terminal_version" USING gin ("version_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_version_version_number_version_idx" ON "terminal_version" USING btree ((string_to_array("version_number", '.')::int[]));--> statement-breakpoint
CREATE INDEX "terminal_version_company_idx" ON "terminal_version" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminal_version_identification_idx" ON "terminal_version" USING btree (("identification" COLLATE "pt-BR-x-icu"));