-- Hand SQL: the month rollups by company and by carrier cover what the dashboard reads (INCLUDE), as 0057 made the
-- day tables': a carrier's year read them off heap pages (lastYear 270 ms alone at a million orders).
DROP INDEX "dashboard_order_month_idx";--> statement-breakpoint
DROP INDEX "dashboard_order_month_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_dwell_month_idx";--> statement-breakpoint
DROP INDEX "dashboard_dwell_month_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_dwell_month_carrier_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_inbound_month_idx";--> statement-breakpoint
DROP INDEX "dashboard_inbound_month_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_message_month_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_month_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_month_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_month_carrier_carrier_idx";--> statement-breakpoint
CREATE INDEX "dashboard_order_month_idx" ON "dashboard_order_month" USING btree ("company_id","day") INCLUDE ("carrier_id","type","status","count");--> statement-breakpoint
CREATE INDEX "dashboard_order_month_carrier_idx" ON "dashboard_order_month" USING btree ("carrier_id","day") INCLUDE ("company_id","type","status","count");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_idx" ON "dashboard_dwell_month" USING btree ("company_id","day") INCLUDE ("type","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_idx" ON "dashboard_dwell_month_carrier" USING btree ("company_id","day") INCLUDE ("carrier_id","type","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_month_carrier_carrier_idx" ON "dashboard_dwell_month_carrier" USING btree ("carrier_id","day") INCLUDE ("company_id","type","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_idx" ON "dashboard_inbound_month" USING btree ("company_id","day") INCLUDE ("carrier_id","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_month_carrier_idx" ON "dashboard_inbound_month" USING btree ("carrier_id","day") INCLUDE ("company_id","bucket","count");--> statement-breakpoint
CREATE INDEX "dashboard_message_month_idx" ON "dashboard_message_month" USING btree ("company_id","day") INCLUDE ("channel","trigger","status","count");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_idx" ON "dashboard_locker_month" USING btree ("company_id","day") INCLUDE ("ebox_id","deposits","pickups","expiries");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_idx" ON "dashboard_locker_month_carrier" USING btree ("company_id","day") INCLUDE ("carrier_id","ebox_id","deposits","pickups","expiries");--> statement-breakpoint
CREATE INDEX "dashboard_locker_month_carrier_carrier_idx" ON "dashboard_locker_month_carrier" USING btree ("carrier_id","day") INCLUDE ("company_id","ebox_id","deposits","pickups","expiries");
