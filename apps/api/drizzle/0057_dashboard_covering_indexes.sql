-- Hand SQL: the dashboard's rollup indexes by company and by carrier cover what its reads take (INCLUDE), so a
-- company's or a carrier's days are read off the index, not off heap pages that hold one of their rows each.
DROP INDEX "dashboard_dwell_day_idx";--> statement-breakpoint
DROP INDEX "dashboard_inbound_day_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_day_idx";--> statement-breakpoint
DROP INDEX "dashboard_message_day_idx";--> statement-breakpoint
DROP INDEX "dashboard_order_day_idx";--> statement-breakpoint
DROP INDEX "dashboard_dwell_day_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_inbound_day_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_day_carrier_idx";--> statement-breakpoint
DROP INDEX "dashboard_locker_day_ebox_idx";--> statement-breakpoint
DROP INDEX "dashboard_order_day_carrier_idx";--> statement-breakpoint
DROP INDEX "order_in_locker_idx";--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_idx" ON "dashboard_dwell_day" USING btree ("company_id","day") INCLUDE ("carrier_id","type","bucket","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_idx" ON "dashboard_inbound_day" USING btree ("company_id","day") INCLUDE ("carrier_id","bucket","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_idx" ON "dashboard_locker_day" USING btree ("company_id","day") INCLUDE ("ebox_id","carrier_id","deposits","pickups","expiries","folded");--> statement-breakpoint
CREATE INDEX "dashboard_message_day_idx" ON "dashboard_message_day" USING btree ("company_id","day") INCLUDE ("channel","trigger","status","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_idx" ON "dashboard_order_day" USING btree ("company_id","day") INCLUDE ("carrier_id","type","status","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_dwell_day_carrier_idx" ON "dashboard_dwell_day" USING btree ("carrier_id","day") INCLUDE ("company_id","type","bucket","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_inbound_day_carrier_idx" ON "dashboard_inbound_day" USING btree ("carrier_id","day") INCLUDE ("company_id","bucket","count","folded");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_carrier_idx" ON "dashboard_locker_day" USING btree ("carrier_id","day") INCLUDE ("company_id","ebox_id","deposits","pickups","expiries","folded");--> statement-breakpoint
CREATE INDEX "dashboard_locker_day_ebox_idx" ON "dashboard_locker_day" USING btree ("ebox_id","day") INCLUDE ("company_id","carrier_id","deposits","pickups","expiries","folded");--> statement-breakpoint
CREATE INDEX "dashboard_order_day_carrier_idx" ON "dashboard_order_day" USING btree ("carrier_id","day") INCLUDE ("company_id","type","status","count","folded");--> statement-breakpoint
-- The parcels in a locker now (IN_LOCKER_STATUSES of packages/domain) of a distribution company's carried orders too: the carrier joins the INCLUDE.
CREATE INDEX "order_in_locker_idx" ON "order" USING btree ("stored_at") INCLUDE ("company_id","carrier_id","ebox_id") WHERE "status" IN ('COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED', 'STORED');
