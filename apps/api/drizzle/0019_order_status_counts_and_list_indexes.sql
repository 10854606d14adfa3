CREATE TABLE "order_status_count" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "order_status_count_status_company_id_slot_pk" PRIMARY KEY("status","company_id","slot")
);
--> statement-breakpoint
-- Hand SQL after the generated part (triggers and the index's sort order are not in drizzle's
-- snapshot), as migrations 0012 and 0016 do. The order list's status filter, alone or with
-- companies (its tabs), reads its total from order_status_count (modules/order/counts.ts) instead of
-- counting a company's thousands of orders on every page: kept exact by statement triggers in the
-- transaction of every write, one upsert per statement, company and status, like entity_count's.
CREATE FUNCTION order_status_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_status_count;
    RETURN NULL;
  END IF;
  -- Only the branch of the trigger's own operation is planned: the others name transition tables it lacks.
  -- Keys in a fixed order, so two transactions changing the same counts never deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_count AS c (status, company_id, slot, rows)
    SELECT coalesce(status, ''), coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), pg_backend_pid() % 16, count(*)
    FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (status, company_id, slot) DO UPDATE SET rows = c.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_count AS c (status, company_id, slot, rows)
    SELECT coalesce(status, ''), coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), pg_backend_pid() % 16, -count(*)
    FROM deleted GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (status, company_id, slot) DO UPDATE SET rows = c.rows + excluded.rows;
  ELSE
    -- An update that moves no order to another status or company changes no count.
    INSERT INTO order_status_count AS c (status, company_id, slot, rows)
    SELECT status, company_id, pg_backend_pid() % 16, sum(delta)
    FROM (
      SELECT coalesce(status, '') AS status, coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid) AS company_id, 1 AS delta FROM inserted
      UNION ALL
      SELECT coalesce(status, ''), coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), -1 FROM deleted
    ) AS changes
    GROUP BY status, company_id HAVING sum(delta) <> 0 ORDER BY status, company_id
    ON CONFLICT (status, company_id, slot) DO UPDATE SET rows = c.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_status_count_insert AFTER INSERT ON "order" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION order_status_count_change();--> statement-breakpoint
CREATE TRIGGER order_status_count_delete AFTER DELETE ON "order" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION order_status_count_change();--> statement-breakpoint
CREATE TRIGGER order_status_count_update AFTER UPDATE ON "order" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION order_status_count_change();--> statement-breakpoint
CREATE TRIGGER order_status_count_truncate AFTER TRUNCATE ON "order" FOR EACH STATEMENT EXECUTE FUNCTION order_status_count_change();--> statement-breakpoint
-- The orders already written, counted once.
INSERT INTO order_status_count (status, company_id, slot, rows)
SELECT coalesce(status, ''), coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), 0, count(*)
FROM "order" GROUP BY 1, 2;--> statement-breakpoint
-- A status and company filter's page, in the list's order (newest first, id last): read off the
-- index, without sorting or filtering a company's thousands of orders.
CREATE INDEX "order_company_status_created_at_idx" ON "order" USING btree ("company_id", "status", "created_at" DESC, "id" DESC);
