CREATE TABLE "dashboard_locker_dwell_day" (
	"company_id" uuid,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"ebox_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_locker_dwell_day_idx" ON "dashboard_locker_dwell_day" USING btree ("ebox_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_locker_dwell_day_fresh_idx" ON "dashboard_locker_dwell_day" USING btree ("folded") WHERE not folded;--> statement-breakpoint
CREATE INDEX "order_history_at_idx" ON "order_history" USING btree ("at");--> statement-breakpoint
-- Hand SQL: the dashboard's parcels in a locker now (IN_LOCKER_STATUSES of packages/domain), by how long they wait.
CREATE INDEX "order_in_locker_idx" ON "order" USING btree ("stored_at") WHERE "status" IN ('COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED', 'STORED');
