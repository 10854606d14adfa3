CREATE TABLE "dashboard_dwell_month_carrier" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_month_carrier" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"ebox_id" uuid NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_locker_day" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "dashboard_locker_dwell_day" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_idx" ON "dashboard_dwell_month_carrier" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_carrier_idx" ON "dashboard_dwell_month_carrier" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_fresh_idx" ON "dashboard_dwell_month_carrier" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_idx" ON "dashboard_locker_month_carrier" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_carrier_idx" ON "dashboard_locker_month_carrier" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_ebox_idx" ON "dashboard_locker_month_carrier" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_fresh_idx" ON "dashboard_locker_month_carrier" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_carrier_idx" ON "dashboard_dwell_day" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_carrier_idx" ON "dashboard_inbound_day" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_carrier_idx" ON "dashboard_inbound_month" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_carrier_idx" ON "dashboard_locker_day" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_carrier_idx" ON "dashboard_order_day" USING btree ("carrier_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_order_month_carrier_idx" ON "dashboard_order_month" USING btree ("carrier_id","day");