ALTER TABLE "audit_log" ADD COLUMN "entity_label" text;
--> statement-breakpoint
-- Backfill: the label each entry's record had, read from the values the entry kept (label fields as declared today).
UPDATE "audit_log" SET "entity_label" = CASE "entity_name"
  WHEN 'user' THEN coalesce(nullif(btrim("values"->'after'->>'fullName'), ''), nullif(btrim("values"->'after'->>'email'), ''), nullif(btrim("values"->'before'->>'fullName'), ''), nullif(btrim("values"->'before'->>'email'), ''))
  WHEN 'building' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'buildingLevel1' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'buildingLevel2' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'ccm' THEN coalesce(nullif(btrim("values"->'after'->>'subject'), ''), nullif(btrim("values"->'before'->>'subject'), ''))
  WHEN 'company' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'compartimentLayout' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'customer' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'eboxModuleCompartiment' THEN coalesce(nullif(btrim("values"->'after'->>'staticNumber'), ''), nullif(btrim("values"->'before'->>'staticNumber'), ''))
  WHEN 'eboxModule' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'group' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'product' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'qrcodeTemplate' THEN coalesce(nullif(btrim("values"->'after'->>'type'), ''), nullif(btrim("values"->'before'->>'type'), ''))
  WHEN 'role' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'warehouse' THEN coalesce(nullif(btrim("values"->'after'->>'name'), ''), nullif(btrim("values"->'before'->>'name'), ''))
  WHEN 'webhook' THEN coalesce(nullif(btrim("values"->'after'->>'url'), ''), nullif(btrim("values"->'before'->>'url'), ''))
END
WHERE "entity_label" IS NULL;
