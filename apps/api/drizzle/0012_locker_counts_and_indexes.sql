-- Maintained totals (kit/counts.ts, migration 0008) for the locker tables: lockers and cluster links
-- count per company; compartments and cluster links are scoped through their locker and cluster,
-- so they count under the zero uuid.
DO $$
DECLARE
  counted record;
BEGIN
  FOR counted IN SELECT * FROM (VALUES
    ('ebox', 'company_id'), ('cluster', 'company_id'), ('compartiment', ''), ('cluster_ebox', '')
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
    EXECUTE format('INSERT INTO entity_count (table_name, company_id, slot, rows) SELECT %L, company_id, 0, count(*) FROM (SELECT %s AS company_id FROM %I) AS rows_of GROUP BY company_id',
      counted.table_name,
      CASE WHEN counted.company_column = '' THEN '''00000000-0000-0000-0000-000000000000''::uuid'
        ELSE format('coalesce(%I, ''00000000-0000-0000-0000-000000000000''::uuid)', counted.company_column) END,
      counted.table_name);
  END LOOP;
END $$;
