CREATE TABLE "bot_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"type" text,
	"company_id" uuid,
	"cluster_id" uuid,
	"user_id" uuid,
	"message_template_id" uuid,
	"messages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "bot_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"company_id" uuid,
	"wamid" text NOT NULL,
	"direction" text NOT NULL,
	"wa_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"choice_id" text,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"phone_number_id" text,
	"phone_number" text,
	"company_id" uuid,
	"cluster_id" uuid,
	"flow_id" uuid,
	"user_id" uuid,
	"is_paid" boolean DEFAULT false NOT NULL,
	"catalog" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"enable" boolean DEFAULT false NOT NULL,
	"access_token" text,
	"app_secret" text,
	"verify_token" text,
	"last_interaction" timestamp with time zone,
	"last_message" text,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "bot_flow" ADD CONSTRAINT "bot_flow_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_flow" ADD CONSTRAINT "bot_flow_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_flow" ADD CONSTRAINT "bot_flow_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_flow" ADD CONSTRAINT "bot_flow_message_template_id_ccm_id_fk" FOREIGN KEY ("message_template_id") REFERENCES "public"."ccm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_message" ADD CONSTRAINT "bot_message_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_flow_id_bot_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."bot_flow"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_flow_import_hash_key" ON "bot_flow" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "bot_flow_created_at_idx" ON "bot_flow" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bot_flow_name_trgm_idx" ON "bot_flow" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bot_flow_company_idx" ON "bot_flow" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bot_flow_cluster_idx" ON "bot_flow" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "bot_flow_user_idx" ON "bot_flow" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bot_flow_message_template_idx" ON "bot_flow" USING btree ("message_template_id");--> statement-breakpoint
CREATE INDEX "bot_flow_name_idx" ON "bot_flow" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE UNIQUE INDEX "bot_message_wamid_key" ON "bot_message" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "bot_message_thread_idx" ON "bot_message" USING btree ("bot_id","wa_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_import_hash_key" ON "bot" USING btree ("import_hash");--> statement-breakpoint
CREATE INDEX "bot_created_at_idx" ON "bot" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bot_name_trgm_idx" ON "bot" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bot_phone_number_id_trgm_idx" ON "bot" USING gin ("phone_number_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bot_phone_number_id_key" ON "bot" USING btree (lower("phone_number_id"));--> statement-breakpoint
CREATE INDEX "bot_phone_number_trgm_idx" ON "bot" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bot_company_idx" ON "bot" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bot_cluster_idx" ON "bot" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "bot_flow_idx" ON "bot" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "bot_user_idx" ON "bot" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bot_name_idx" ON "bot" USING btree (("name" COLLATE "pt-BR-x-icu"));