CREATE TABLE "dashboard_dwell_day_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_dwell_month" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_dwell_month_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_inbound_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_inbound_day_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_inbound_month" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_inbound_month_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_day_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"ebox_id" uuid NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_dwell_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"ebox_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_month" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"ebox_id" uuid NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_month_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"ebox_id" uuid NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_message_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"channel" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_message_day_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"channel" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_message_month" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"channel" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_message_month_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"channel" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_move" (
	"at" timestamp with time zone NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"ebox_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"bucket" smallint
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_day_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_month" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_month_all" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "dashboard_dwell_day_fresh_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_day_fresh_idx";--> statement-breakpoint
DROP INDEX "dashboard_order_day_fresh_idx";--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_all_idx" ON "dashboard_dwell_day_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_all_fresh_idx" ON "dashboard_dwell_day_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_idx" ON "dashboard_dwell_month" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_fresh_idx" ON "dashboard_dwell_month" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_all_idx" ON "dashboard_dwell_month_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_all_fresh_idx" ON "dashboard_dwell_month_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_idx" ON "dashboard_inbound_day" USING btree ("day","company_id");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_fresh_idx" ON "dashboard_inbound_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_all_idx" ON "dashboard_inbound_day_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_all_fresh_idx" ON "dashboard_inbound_day_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_idx" ON "dashboard_inbound_month" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_fresh_idx" ON "dashboard_inbound_month" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_all_idx" ON "dashboard_inbound_month_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_all_fresh_idx" ON "dashboard_inbound_month_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_all_idx" ON "dashboard_locker_day_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_all_ebox_idx" ON "dashboard_locker_day_all" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_all_fresh_idx" ON "dashboard_locker_day_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_dwell_day_idx" ON "dashboard_locker_dwell_day" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_dwell_day_fresh_idx" ON "dashboard_locker_dwell_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_idx" ON "dashboard_locker_month" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_ebox_idx" ON "dashboard_locker_month" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_fresh_idx" ON "dashboard_locker_month" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_all_idx" ON "dashboard_locker_month_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_all_ebox_idx" ON "dashboard_locker_month_all" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_all_fresh_idx" ON "dashboard_locker_month_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_message_day_idx" ON "dashboard_message_day" USING btree ("day","company_id");--> statement-breakpoint
CREATE INDEX "dashboard_message_day_fresh_idx" ON "dashboard_message_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_message_day_all_idx" ON "dashboard_message_day_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_message_day_all_fresh_idx" ON "dashboard_message_day_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_message_month_idx" ON "dashboard_message_month" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_message_month_fresh_idx" ON "dashboard_message_month" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_message_month_all_idx" ON "dashboard_message_month_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_message_month_all_fresh_idx" ON "dashboard_message_month_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_move_at_idx" ON "dashboard_move" USING btree ("at","company_id","ebox_id","type","status","carrier_id","bucket");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_all_idx" ON "dashboard_order_day_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_all_fresh_idx" ON "dashboard_order_day_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_order_month_idx" ON "dashboard_order_month" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_order_month_fresh_idx" ON "dashboard_order_month" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_order_month_all_idx" ON "dashboard_order_month_all" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_order_month_all_fresh_idx" ON "dashboard_order_month_all" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_ebox_idx" ON "dashboard_locker_day" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_fresh_idx" ON "dashboard_dwell_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_fresh_idx" ON "dashboard_locker_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_order_day_fresh_idx" ON "dashboard_order_day" USING btree ("day") WHERE not folded;--> statement-breakpoint
-- Hand SQL: the dashboard's parcels in a locker now (IN_LOCKER_STATUSES of packages/domain), by how long they wait, read off the index alone.
CREATE INDEX "order_in_locker_idx" ON "order" USING btree ("stored_at") INCLUDE ("company_id", "ebox_id") WHERE "status" IN ('COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED', 'STORED');
