CREATE TABLE "terminal_credential" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"locker_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_credential_live_username_key" ON "terminal_credential" USING btree ("username") WHERE "terminal_credential"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "terminal_credential_locker_id_idx" ON "terminal_credential" USING btree ("locker_id");--> statement-breakpoint
-- A revoked or replaced credential must cut its terminal off at once, whichever process revoked it:
-- the process running the embedded broker listens and disconnects that user name's clients.
CREATE OR REPLACE FUNCTION ebox_notify_terminal_credential() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ebox_terminal_credential', COALESCE(NEW.username, OLD.username));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER terminal_credential_change AFTER UPDATE OR DELETE ON "terminal_credential"
  FOR EACH ROW EXECUTE FUNCTION ebox_notify_terminal_credential();
