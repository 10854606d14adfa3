-- A compartment's number is unique within its locker, and a locker is linked to a cluster once.
-- Nothing refused a duplicate before, so a database may already hold some: an index over them would
-- fail the upgrade. As for customers' documents (0006), those rows are left exactly as they are: the
-- oldest of each group stays in the index, the later ones are kept out of it by id, and a warning says
-- how many. Every other row, and every row written from now on, is covered; the API also refuses a
-- new duplicate of a legacy row (it looks the value up before writing). Operators find the groups with
--   SELECT ebox_id, number, count(*) FROM compartiment GROUP BY 1, 2 HAVING count(*) > 1;
--   SELECT cluster_id, ebox_id, count(*) FROM cluster_ebox GROUP BY 1, 2 HAVING count(*) > 1;
-- and once they are fixed a later migration can recreate the indexes without the ids.
DO $$
DECLARE
  later_ids text;
  later_count integer;
BEGIN
  SELECT string_agg(quote_literal(id::text), ', ' ORDER BY id), count(*)
    INTO later_ids, later_count
    FROM (
      SELECT id, row_number() OVER (PARTITION BY ebox_id, number ORDER BY created_at, id) AS position
      FROM compartiment
      WHERE ebox_id IS NOT NULL AND number IS NOT NULL
    ) ranked
    WHERE position > 1;
  IF later_count = 0 THEN
    CREATE UNIQUE INDEX "compartiment_number_per_ebox_key" ON "compartiment" USING btree ("ebox_id","number");
  ELSE
    RAISE WARNING 'compartiment: % rows repeat the number of an older compartment of their locker; they are kept as they are and out of compartiment_number_per_ebox_key', later_count;
    EXECUTE 'CREATE UNIQUE INDEX "compartiment_number_per_ebox_key" ON "compartiment" USING btree ("ebox_id","number") WHERE id NOT IN ('
      || later_ids || ')';
  END IF;
END $$;--> statement-breakpoint
DO $$
DECLARE
  later_ids text;
  later_count integer;
BEGIN
  SELECT string_agg(quote_literal(id::text), ', ' ORDER BY id), count(*)
    INTO later_ids, later_count
    FROM (
      SELECT id, row_number() OVER (PARTITION BY cluster_id, ebox_id ORDER BY created_at, id) AS position
      FROM cluster_ebox
      WHERE cluster_id IS NOT NULL AND ebox_id IS NOT NULL
    ) ranked
    WHERE position > 1;
  IF later_count = 0 THEN
    CREATE UNIQUE INDEX "cluster_ebox_ebox_per_cluster_key" ON "cluster_ebox" USING btree ("cluster_id","ebox_id");
  ELSE
    RAISE WARNING 'cluster_ebox: % rows link a locker its cluster already had; they are kept as they are and out of cluster_ebox_ebox_per_cluster_key', later_count;
    EXECUTE 'CREATE UNIQUE INDEX "cluster_ebox_ebox_per_cluster_key" ON "cluster_ebox" USING btree ("cluster_id","ebox_id") WHERE id NOT IN ('
      || later_ids || ')';
  END IF;
END $$;
