CREATE TABLE "terminal_release_target" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"ebox_id" uuid NOT NULL,
	"company_id" uuid,
	"stage" integer NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"transaction_id" text,
	"previous_version" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_release" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identification" text,
	"description" text,
	"company_id" uuid,
	"version_id" uuid,
	"terminal_ui_version_id" uuid,
	"target" text,
	"group_id" uuid,
	"cluster_id" uuid,
	"ebox" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"scheduled_at" timestamp with time zone,
	"status" text,
	"pause_reason" text,
	"current_stage" integer,
	"stage_count" integer,
	"locker_count" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"retry_of_id" uuid,
	"created_by" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "terminal_release_target" ADD CONSTRAINT "terminal_release_target_release_id_terminal_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."terminal_release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release_target" ADD CONSTRAINT "terminal_release_target_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_version_id_terminal_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."terminal_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_terminal_ui_version_id_terminal_ui_version_id_fk" FOREIGN KEY ("terminal_ui_version_id") REFERENCES "public"."terminal_ui_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_group_id_locker_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."locker_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_release" ADD CONSTRAINT "terminal_release_retry_of_id_terminal_release_id_fk" FOREIGN KEY ("retry_of_id") REFERENCES "public"."terminal_release"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_release_target_release_ebox_key" ON "terminal_release_target" USING btree ("release_id","ebox_id");--> statement-breakpoint
CREATE INDEX "terminal_release_target_release_idx" ON "terminal_release_target" USING btree ("release_id","stage","state");--> statement-breakpoint
CREATE INDEX "terminal_release_target_active_idx" ON "terminal_release_target" USING btree ("updated_at") WHERE state IN ('sent', 'downloading', 'downloaded', 'installing');--> statement-breakpoint
CREATE INDEX "terminal_release_target_ebox_idx" ON "terminal_release_target" USING btree ("ebox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_release_import_hash_key" ON "terminal_release" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "terminal_release_created_at_idx" ON "terminal_release" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "terminal_release_identification_trgm_idx" ON "terminal_release" USING gin ("identification" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_release_company_idx" ON "terminal_release" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminal_release_version_idx" ON "terminal_release" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "terminal_release_terminal_ui_version_idx" ON "terminal_release" USING btree ("terminal_ui_version_id");--> statement-breakpoint
CREATE INDEX "terminal_release_group_idx" ON "terminal_release" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "terminal_release_cluster_idx" ON "terminal_release" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "terminal_release_ebox_gin_idx" ON "terminal_release" USING gin ("ebox");--> statement-breakpoint
CREATE INDEX "terminal_release_retry_of_idx" ON "terminal_release" USING btree ("retry_of_id");--> statement-breakpoint
CREATE INDEX "terminal_release_identification_idx" ON "terminal_release" USING btree (("identification" COLLATE "pt-BR-x-icu"));