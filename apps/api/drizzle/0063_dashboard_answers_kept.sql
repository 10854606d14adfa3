CREATE TABLE "dashboard_change" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"company_id" uuid,
	"carrier_id" uuid,
	"ebox_id" uuid,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_change_xid_idx" ON "dashboard_change" USING btree ("xid");--> statement-breakpoint
-- Hand SQL: the triggers that record what changed what a dashboard reads (docs/dashboard.md "Answers kept"). Each
-- table the dashboard reads gets one function, its own columns written out (a generic one reading each row as
-- jsonb cost twice as much a statement): a table with rows of companies and lockers records each written row's
-- company_id, carrier_id and locker (the columns it has; ebox's own id); the others (clusters, groups,
-- companies, the network's hourly samples) one row of every reading. The order history is written with its
-- order and the rollups with their moves, so neither has one; a rebuild records its own row.
DO $do$
DECLARE
  target record;
  has_company boolean;
  has_carrier boolean;
  has_locker boolean;
  keys text;
  changed text;
BEGIN
  FOR target IN SELECT * FROM (VALUES
      ('order', 'ebox_id'), ('compartiment', 'ebox_id'), ('ebox', 'id'), ('door_failure', 'ebox_id'),
      ('locker_refusal', 'ebox_id'), ('locker_offline', 'ebox_id'), ('order_message', 'ebox_id'),
      ('dashboard_alert', 'ebox_id'), ('dashboard_occupancy_hour', 'ebox_id'),
      ('dashboard_occupancy_hour_all', NULL), ('cluster', NULL), ('cluster_ebox', NULL), ('locker_group', NULL), ('company', NULL)
    ) AS t(name, locker)
  LOOP
    IF target.locker IS NULL THEN
      EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN INSERT INTO dashboard_change DEFAULT VALUES; RETURN NULL; END $f$',
        target.name || '_dashboard_change');
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        target.name || '_dashboard_change', target.name, target.name || '_dashboard_change');
      CONTINUE;
    END IF;
    SELECT bool_or(column_name = 'company_id'), bool_or(column_name = 'carrier_id'), bool_or(column_name = target.locker)
      INTO has_company, has_carrier, has_locker
      FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = target.name;
    keys := format('%s, %s, %s', CASE WHEN has_company THEN 'company_id' ELSE 'NULL::uuid' END,
                   CASE WHEN has_carrier THEN 'carrier_id' ELSE 'NULL::uuid' END,
                   CASE WHEN has_locker THEN quote_ident(target.locker) ELSE 'NULL::uuid' END);
    -- A heartbeat moves an online locker's last_heart_beat every few seconds and changes no figure (the dashboard
    -- shows it for the lockers offline only; a heartbeat sets an offline one online).
    changed := CASE WHEN target.name = 'ebox'
      THEN format('SELECT %1$s FROM changed_new n WHERE NOT EXISTS (SELECT 1 FROM changed_old o WHERE o.id = n.id AND %2$s)
                   UNION SELECT %1$s FROM changed_old o WHERE NOT EXISTS (SELECT 1 FROM changed_new n WHERE n.id = o.id AND %2$s)', keys,
                  'n.status = ''online'' AND (to_jsonb(o) - ''{last_heart_beat,updated_at}''::text[]) = (to_jsonb(n) - ''{last_heart_beat,updated_at}''::text[])')
      ELSE format('SELECT %1$s FROM changed_old UNION SELECT %1$s FROM changed_new', keys) END;
    EXECUTE format($f$CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO dashboard_change (company_id, carrier_id, ebox_id) SELECT DISTINCT %2$s FROM changed_new;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO dashboard_change (company_id, carrier_id, ebox_id) SELECT DISTINCT %2$s FROM changed_old;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO dashboard_change (company_id, carrier_id, ebox_id) %3$s;
        ELSE
          INSERT INTO dashboard_change DEFAULT VALUES;
        END IF;
        RETURN NULL;
      END $body$ $f$, target.name || '_dashboard_change', keys, changed);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.name || '_dashboard_change_insert', target.name, target.name || '_dashboard_change');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.name || '_dashboard_change_delete', target.name, target.name || '_dashboard_change');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.name || '_dashboard_change_update', target.name, target.name || '_dashboard_change');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.name || '_dashboard_change_truncate', target.name, target.name || '_dashboard_change');
  END LOOP;
END $do$;
