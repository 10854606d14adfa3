-- Maintained totals (kit/counts.ts): every declared entity's table keeps its number of rows per
-- company in entity_count, changed by statement triggers in the transaction of the write itself (a
-- rolled-back insert changes nothing). One upsert per statement and company, whatever the number of
-- rows, so a bulk INSERT ... SELECT of a million rows costs one aggregate; an update touches the
-- counts only when it moves rows to another company. Each connection writes its own slot (its
-- backend pid modulo 16), so concurrent writes of one company do not queue on one row. Records of
-- no company (and every record of an entity that is not company-scoped) are counted under the zero
-- uuid. A new entity table needs its row in the list at the end (test/list-counts.test.ts checks
-- every declared table is counted).
CREATE TABLE "entity_count" (
	"table_name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "entity_count_table_name_company_id_slot_pk" PRIMARY KEY("table_name","company_id","slot")
);
--> statement-breakpoint
CREATE INDEX "customer_cellphone_key_idx" ON "customer" USING btree (upper(regexp_replace("cellphone", '[^0-9A-Za-z]', '', 'g')));--> statement-breakpoint
CREATE INDEX "customer_email_lower_idx" ON "customer" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customer_document_number_key_idx" ON "customer" USING btree (upper(regexp_replace("document_number", '[^0-9A-Za-z]', '', 'g')));--> statement-breakpoint
CREATE FUNCTION entity_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_key text := CASE WHEN TG_ARGV[0] = '' THEN '''00000000-0000-0000-0000-000000000000''::uuid'
    ELSE format('coalesce(%I, ''00000000-0000-0000-0000-000000000000''::uuid)', TG_ARGV[0]) END;
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM entity_count WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS company_id, 1 AS delta FROM inserted', company_key)
    WHEN 'DELETE' THEN format('SELECT %s AS company_id, -1 AS delta FROM deleted', company_key)
    ELSE format('SELECT %1$s AS company_id, 1 AS delta FROM inserted UNION ALL SELECT %1$s, -1 FROM deleted', company_key)
  END;
  -- Companies in a fixed order, so two transactions changing the same counts never deadlock.
  EXECUTE format(
    'INSERT INTO entity_count AS c (table_name, company_id, slot, rows)
     SELECT $1, company_id, pg_backend_pid() %% 16, sum(delta) FROM (%s) AS changes GROUP BY company_id HAVING sum(delta) <> 0 ORDER BY company_id
     ON CONFLICT (table_name, company_id, slot) DO UPDATE SET rows = c.rows + excluded.rows', changes)
  USING TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  counted record;
BEGIN
  FOR counted IN SELECT * FROM (VALUES
    ('building', 'company_id'), ('building_level1', 'company_id'), ('ccm', 'company_id'), ('customer', 'company_id'),
    ('qrcode_template', 'company_id'), ('warehouse', 'company_id'), ('webhook', 'company_id'),
    ('role', ''), ('company', ''), ('locker_group', ''), ('building_level2', ''), ('product', ''),
    ('compartiment_layout', ''), ('ebox_module', ''), ('ebox_module_compartiment', '')
  ) AS v(table_name, company_column) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(%L)',
      counted.table_name || '_count_insert', counted.table_name, counted.company_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(%L)',
      counted.table_name || '_count_delete', counted.table_name, counted.company_column);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(%L)',
      counted.table_name || '_count_truncate', counted.table_name, counted.company_column);
    IF counted.company_column <> '' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(%L)',
        counted.table_name || '_count_update', counted.table_name, counted.company_column);
    END IF;
    -- The triggers' lock holds writers off until this commits, so the first counts are exact.
    EXECUTE format('INSERT INTO entity_count (table_name, company_id, slot, rows) SELECT %L, company_id, 0, count(*) FROM (SELECT %s AS company_id FROM %I) AS rows_of GROUP BY company_id',
      counted.table_name,
      CASE WHEN counted.company_column = '' THEN '''00000000-0000-0000-0000-000000000000''::uuid'
        ELSE format('coalesce(%I, ''00000000-0000-0000-0000-000000000000''::uuid)', counted.company_column) END,
      counted.table_name);
  END LOOP;
END $$;
