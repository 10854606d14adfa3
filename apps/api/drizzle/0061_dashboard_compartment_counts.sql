CREATE TABLE "dashboard_compartment_count" (
	"ebox_id" uuid NOT NULL,
	"size" text NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"enabled" integer DEFAULT 0 NOT NULL,
	"occupied" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"dirty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_compartment_count_ebox_idx" ON "dashboard_compartment_count" USING btree ("ebox_id","size");--> statement-breakpoint
-- Hand SQL: the live compartment counters (schema.ts, dashboardCompartmentCount) kept by statement
-- triggers on compartiment, in the transaction of the write. Each statement adds one row of changes
-- per locker and size whose counts it changed (an update of a door or a stamp changes none and adds
-- nothing); rows are only inserted, never updated, so concurrent writers of one locker take no lock
-- on a shared row, and the fold job (foldRollups) sums them into one row per key.
CREATE FUNCTION dashboard_compartment_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_compartment_count;
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT ebox_id, size, status, enable, 1 AS delta FROM inserted'
    WHEN 'DELETE' THEN 'SELECT ebox_id, size, status, enable, -1 AS delta FROM deleted'
    ELSE 'SELECT ebox_id, size, status, enable, 1 AS delta FROM inserted UNION ALL SELECT ebox_id, size, status, enable, -1 FROM deleted'
  END;
  EXECUTE format($sql$
    INSERT INTO dashboard_compartment_count (ebox_id, size, enabled, occupied, booked, available, damaged, dirty)
    SELECT ebox_id, size, enabled, occupied, booked, available, damaged, dirty FROM (
      SELECT ebox_id, coalesce(size, '') AS size, sum(delta)::int AS enabled,
             coalesce(sum(delta) FILTER (WHERE status = 'OCCUPIED'), 0)::int AS occupied,
             coalesce(sum(delta) FILTER (WHERE status = 'BOOKED'), 0)::int AS booked,
             coalesce(sum(delta) FILTER (WHERE status = 'AVAILABLE' OR status IS NULL), 0)::int AS available,
             coalesce(sum(delta) FILTER (WHERE status = 'DAMAGE'), 0)::int AS damaged,
             coalesce(sum(delta) FILTER (WHERE status = 'DIRTY'), 0)::int AS dirty
        FROM (%s) AS changes
       WHERE ebox_id IS NOT NULL AND enable IS NOT FALSE
       GROUP BY 1, 2) AS summed
     WHERE enabled <> 0 OR occupied <> 0 OR booked <> 0 OR available <> 0 OR damaged <> 0 OR dirty <> 0$sql$, changes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER compartiment_dashboard_count_insert AFTER INSERT ON compartiment REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_compartment_count_change();--> statement-breakpoint
CREATE TRIGGER compartiment_dashboard_count_update AFTER UPDATE ON compartiment REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_compartment_count_change();--> statement-breakpoint
CREATE TRIGGER compartiment_dashboard_count_delete AFTER DELETE ON compartiment REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_compartment_count_change();--> statement-breakpoint
CREATE TRIGGER compartiment_dashboard_count_truncate AFTER TRUNCATE ON compartiment
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_compartment_count_change();--> statement-breakpoint
-- The first counts, folded; the triggers' lock holds compartment writers off until this commits.
INSERT INTO dashboard_compartment_count (ebox_id, size, folded, enabled, occupied, booked, available, damaged, dirty)
SELECT ebox_id, coalesce(size, ''), true, count(*),
       count(*) FILTER (WHERE status = 'OCCUPIED'), count(*) FILTER (WHERE status = 'BOOKED'),
       count(*) FILTER (WHERE status = 'AVAILABLE' OR status IS NULL), count(*) FILTER (WHERE status = 'DAMAGE'),
       count(*) FILTER (WHERE status = 'DIRTY')
  FROM compartiment WHERE ebox_id IS NOT NULL AND enable IS NOT FALSE GROUP BY 1, 2;--> statement-breakpoint
-- The parcels in a locker now of one company, or carried by one carrier (the aged parcels of a
-- company's or a carrier's dashboard): their few rows, instead of every company's; the id included,
-- so the oldest ten are found off the index and only those ten rows read.
CREATE INDEX "order_in_locker_company_idx" ON "order" USING btree ("company_id","stored_at") INCLUDE ("carrier_id","ebox_id","id") WHERE "status" IN ('COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED', 'STORED');--> statement-breakpoint
CREATE INDEX "order_in_locker_carrier_idx" ON "order" USING btree ("carrier_id","stored_at") INCLUDE ("company_id","ebox_id","id") WHERE "status" IN ('COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED', 'STORED');
