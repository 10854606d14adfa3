-- Hand SQL (docs/dashboard.md "Answers kept"): an order's change row names its company and carrier, not its
-- locker. Every figure a company's reading draws from orders counts only its companies' and carriers' orders, so
-- one company's move at a shared locker changed nothing another company reads; naming the locker threw away the
-- kept answers of every company that sees it (with lockers shared, all of them, at every move). An order of no
-- company and no carrier still names its locker: only every company's reading counts it, and that one is
-- concerned by every row.
CREATE OR REPLACE FUNCTION order_dashboard_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_change (company_id, carrier_id, ebox_id)
    SELECT DISTINCT company_id, carrier_id, CASE WHEN company_id IS NULL AND carrier_id IS NULL THEN ebox_id END FROM changed_new;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_change (company_id, carrier_id, ebox_id)
    SELECT DISTINCT company_id, carrier_id, CASE WHEN company_id IS NULL AND carrier_id IS NULL THEN ebox_id END FROM changed_old;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dashboard_change (company_id, carrier_id, ebox_id)
    SELECT company_id, carrier_id, CASE WHEN company_id IS NULL AND carrier_id IS NULL THEN ebox_id END FROM changed_old
    UNION
    SELECT company_id, carrier_id, CASE WHEN company_id IS NULL AND carrier_id IS NULL THEN ebox_id END FROM changed_new;
  ELSE
    INSERT INTO dashboard_change DEFAULT VALUES;
  END IF;
  RETURN NULL;
END $body$;
