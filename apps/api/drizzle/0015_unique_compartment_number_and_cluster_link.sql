-- A compartment's number is unique within its locker, and a locker is linked to a cluster once.
-- Nothing refused a duplicate before, so a database may already hold some: an index over them would
-- fail the upgrade. As for customers' documents (0006), those rows are left exactly as they are: the
-- oldest of each group stays in the index, the later ones are kept out of it by id, and a warning says
-- how many. Every other row, and every row written from now on, is covered; the API also refuses a
-- new duplicate of a legacy row (it looks the value up before writing). Operators find the groups with
--   SELECT ebox_id, number, count(*) FROM compartiment GROUP BY 1, 2 HAVING count(*) > 1;
--   SELECT cluster_id, ebox_id, count(*) FROM cluster_ebox GROUP BY 1, 2 HAVING count(*) > 1;
-- and once they are fixed a later migration can recreate the indexes without the ids.
CREATE FUNCTION pg_temp.create_unique_index_keeping_repeats(table_name text, index_name text, columns text[], what text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  listed text := (SELECT string_agg(format('%I', c), ',') FROM unnest(columns) AS c);
  present text := (SELECT string_agg(format('%I IS NOT NULL', c), ' AND ') FROM unnest(columns) AS c);
  later_ids text;
  later_count integer;
BEGIN
  EXECUTE format(
    'SELECT string_agg(quote_literal(id::text), '', '' ORDER BY id), count(*) FROM ('
      || 'SELECT id, row_number() OVER (PARTITION BY %s ORDER BY created_at, id) AS position FROM %I WHERE %s'
      || ') ranked WHERE position > 1',
    listed, table_name, present)
    INTO later_ids, later_count;
  IF later_count = 0 THEN
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I USING btree (%s)', index_name, table_name, listed);
  ELSE
    RAISE WARNING '%: % rows repeat %; they are kept as they are and out of %', table_name, later_count, what, index_name;
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I USING btree (%s) WHERE id NOT IN (%s)', index_name, table_name, listed, later_ids);
  END IF;
END $$;--> statement-breakpoint
SELECT pg_temp.create_unique_index_keeping_repeats('compartiment', 'compartiment_number_per_ebox_key', ARRAY['ebox_id', 'number'],
  'the number of an older compartment of their locker');--> statement-breakpoint
SELECT pg_temp.create_unique_index_keeping_repeats('cluster_ebox', 'cluster_ebox_ebox_per_cluster_key', ARRAY['cluster_id', 'ebox_id'],
  'a link of their locker to their cluster');--> statement-breakpoint
DROP FUNCTION pg_temp.create_unique_index_keeping_repeats(text, text, text[], text);
