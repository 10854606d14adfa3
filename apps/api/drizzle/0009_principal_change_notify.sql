-- Every API process caches who a session token belongs to (platform/auth/principal-cache.ts). Any
-- change to users, roles or ended sessions, whoever makes it (a service, a job, a migration, psql),
-- tells every process through NOTIFY at commit, so a disabled user, a changed role or a sign-out
-- takes effect on the next request of any process. Statement-level: one notice per statement, and
-- PostgreSQL folds identical notices of one transaction into one.
CREATE OR REPLACE FUNCTION ebox_notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ebox_principal_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_principal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION ebox_notify_principal_change();
--> statement-breakpoint
CREATE TRIGGER role_principal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role"
  FOR EACH STATEMENT EXECUTE FUNCTION ebox_notify_principal_change();
--> statement-breakpoint
CREATE TRIGGER revoked_token_principal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revoked_token"
  FOR EACH STATEMENT EXECUTE FUNCTION ebox_notify_principal_change();
