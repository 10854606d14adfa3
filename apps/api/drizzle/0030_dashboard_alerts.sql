CREATE TABLE "dashboard_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"company_id" uuid,
	"ebox_id" uuid,
	"cluster_id" uuid,
	"compartiment_id" uuid,
	"level" text,
	"value" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_mail_sent" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_mail_sent_user_id_kind_day_pk" PRIMARY KEY("user_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_occupancy_hour" (
	"at" timestamp with time zone NOT NULL,
	"ebox_id" uuid NOT NULL,
	"company_id" uuid,
	"enabled" integer NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "dashboard_occupancy_hour_at_ebox_id_pk" PRIMARY KEY("at","ebox_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_occupancy_hour_all" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"enabled" integer NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_failure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ebox_id" uuid NOT NULL,
	"compartiment_id" uuid NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker_offline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebox_id" uuid NOT NULL,
	"company_id" uuid,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locker_refusal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ebox_id" uuid NOT NULL,
	"company_id" uuid,
	"size" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "alert_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "weekly_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_alert_unresolved_key" ON "dashboard_alert" USING btree ("kind","subject") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "dashboard_alert_open_idx" ON "dashboard_alert" USING btree ("company_id") WHERE resolved_at is null and opened_at is not null;--> statement-breakpoint
CREATE INDEX "dashboard_alert_opened_at_idx" ON "dashboard_alert" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "dashboard_occupancy_hour_ebox_idx" ON "dashboard_occupancy_hour" USING btree ("ebox_id","at");--> statement-breakpoint
CREATE INDEX "door_failure_compartiment_idx" ON "door_failure" USING btree ("compartiment_id","at");--> statement-breakpoint
CREATE INDEX "door_failure_at_idx" ON "door_failure" USING btree ("at","ebox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_offline_open_key" ON "locker_offline" USING btree ("ebox_id") WHERE to_at is null;--> statement-breakpoint
CREATE INDEX "locker_offline_from_idx" ON "locker_offline" USING btree ("from_at","ebox_id");--> statement-breakpoint
CREATE INDEX "locker_offline_ebox_idx" ON "locker_offline" USING btree ("ebox_id","from_at");--> statement-breakpoint
CREATE INDEX "locker_refusal_at_idx" ON "locker_refusal" USING btree ("at","ebox_id");--> statement-breakpoint
CREATE INDEX "dashboard_move_pickup_idx" ON "dashboard_move" USING btree ("at","company_id","ebox_id") WHERE status in ('COURIER_TAKEN', 'CUSTOMER_TAKEN', 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE');