CREATE TABLE "dashboard_dwell_month_by_carrier" (
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"carrier_id" uuid,
	"type" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "dashboard_dwell_month_carrier_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_move_pickup_idx";--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_by_carrier_idx" ON "dashboard_dwell_month_by_carrier" USING btree ("carrier_id","day") INCLUDE ("type","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_by_carrier_fresh_idx" ON "dashboard_dwell_month_by_carrier" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_carrier_idx" ON "dashboard_dwell_month_carrier" USING btree ("carrier_id","company_id","day") INCLUDE ("type","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_move_pickup_idx" ON "dashboard_move" USING btree ("at","company_id","carrier_id","ebox_id") WHERE status in ('COURIER_TAKEN', 'CUSTOMER_TAKEN', 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE');;--> statement-breakpoint
-- Hand SQL: the covering INCLUDEs above (as 0058's), and the new table filled from the folded day rows (the fold adds
-- the unfolded ones, as it does to every derived table), under the lock folds and rebuilds take turns on.
SELECT pg_advisory_xact_lock(hashtext('dashboard.rollups'));--> statement-breakpoint
INSERT INTO "dashboard_dwell_month_by_carrier" ("carrier_id", "type", "day", "bucket", "count", "folded")
SELECT "carrier_id", "type", date_trunc('month', "day")::date, "bucket", sum("count")::int, true
  FROM "dashboard_dwell_day" WHERE "folded" GROUP BY 1, 2, 3, 4 ORDER BY 3;
