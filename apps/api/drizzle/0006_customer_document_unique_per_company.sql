-- One customer per document (CPF or CNPJ) within a company, compared by letters and digits only.
-- Nothing refused a duplicate before, so an old database may hold two customers of one company with
-- the same document (typed with or without punctuation): an index over them would fail the upgrade.
-- Those rows are left exactly as they are (no stored text is rewritten): the oldest of each group
-- stays in the index, the later ones are kept out of it by id, and a warning says how many. Every
-- other row, and every row written from now on, is covered; the API also refuses a new duplicate
-- of a legacy row (it looks the document up before writing). Operators find the groups with
--   SELECT company_id, upper(regexp_replace(document_number, '[^0-9A-Za-z]', '', 'g')) AS document, count(*)
--   FROM customer GROUP BY 1, 2 HAVING count(*) > 1;
-- and once they are fixed a later migration can recreate the index without the ids.
DO $$
DECLARE
  later_ids text;
  later_count integer;
BEGIN
  SELECT string_agg(quote_literal(id::text), ', ' ORDER BY id), count(*)
    INTO later_ids, later_count
    FROM (
      SELECT id, row_number() OVER (
        PARTITION BY company_id, upper(regexp_replace(document_number, '[^0-9A-Za-z]', '', 'g'))
        ORDER BY created_at, id
      ) AS position
      FROM customer
      WHERE company_id IS NOT NULL AND upper(regexp_replace(document_number, '[^0-9A-Za-z]', '', 'g')) <> ''
    ) ranked
    WHERE position > 1;
  IF later_count = 0 THEN
    CREATE UNIQUE INDEX "customer_document_number_per_company_key" ON "customer" USING btree ("company_id",upper(regexp_replace("document_number", '[^0-9A-Za-z]', '', 'g'))) WHERE upper(regexp_replace("customer"."document_number", '[^0-9A-Za-z]', '', 'g')) <> '';
  ELSE
    RAISE WARNING 'customer: % rows repeat the document of an older customer of their company; they are kept as they are and out of customer_document_number_per_company_key', later_count;
    EXECUTE 'CREATE UNIQUE INDEX "customer_document_number_per_company_key" ON "customer" USING btree ("company_id",upper(regexp_replace("document_number", ''[^0-9A-Za-z]'', '''', ''g''))) WHERE upper(regexp_replace("document_number", ''[^0-9A-Za-z]'', '''', ''g'')) <> '''' AND id NOT IN ('
      || later_ids || ')';
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "customer_cellphone_trgm_idx";--> statement-breakpoint
DROP INDEX "customer_document_number_trgm_idx";--> statement-breakpoint
CREATE INDEX "customer_cellphone_trgm_idx" ON "customer" USING gin ((upper(regexp_replace("cellphone", '[^0-9A-Za-z]', '', 'g'))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_document_number_trgm_idx" ON "customer" USING gin ((upper(regexp_replace("document_number", '[^0-9A-Za-z]', '', 'g'))) gin_trgm_ops);
