CREATE TABLE "address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"street" text,
	"number" text,
	"additional" text,
	"reference" text,
	"neighborhood" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"company_id" uuid,
	"coordinates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "address_id" uuid;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "address_id" uuid;--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_import_hash_key" ON "address" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "address_created_at_idx" ON "address" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "address_street_trgm_idx" ON "address" USING gin ("street" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_neighborhood_trgm_idx" ON "address" USING gin ("neighborhood" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_city_trgm_idx" ON "address" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_state_trgm_idx" ON "address" USING gin ("state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_postal_code_prefix_idx" ON "address" USING btree ((lower("postal_code") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "address_country_trgm_idx" ON "address" USING gin ("country" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_company_idx" ON "address" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "address_street_idx" ON "address" USING btree (("street" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_address_id_address_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebox" ADD CONSTRAINT "ebox_address_id_address_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_address_idx" ON "customer" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "ebox_address_idx" ON "ebox" USING btree ("address_id");