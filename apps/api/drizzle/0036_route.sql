CREATE TABLE "route" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"company_id" uuid,
	"ebox" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"operated_by_id" uuid,
	"notes" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "route" ADD CONSTRAINT "route_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route" ADD CONSTRAINT "route_operated_by_id_user_id_fk" FOREIGN KEY ("operated_by_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "route_import_hash_key" ON "route" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "route_created_at_idx" ON "route" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "route_name_trgm_idx" ON "route" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "route_company_idx" ON "route" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "route_ebox_gin_idx" ON "route" USING gin ("ebox");--> statement-breakpoint
CREATE INDEX "route_operated_by_idx" ON "route" USING btree ("operated_by_id");--> statement-breakpoint
CREATE INDEX "route_name_idx" ON "route" USING btree (("name" COLLATE "pt-BR-x-icu"));