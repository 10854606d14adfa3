CREATE TABLE "dashboard_dwell_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_locker_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"ebox_id" uuid NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_idx" ON "dashboard_dwell_day" USING btree ("day","company_id");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_fresh_idx" ON "dashboard_dwell_day" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_idx" ON "dashboard_locker_day" USING btree ("day","ebox_id");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_fresh_idx" ON "dashboard_locker_day" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_order_day_idx" ON "dashboard_order_day" USING btree ("day","company_id");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_fresh_idx" ON "dashboard_order_day" USING btree ("folded") WHERE not folded;