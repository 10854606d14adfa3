-- Issue 25: an order's access code is a secret the audit never keeps (platform/audit.ts masks it on
-- write). Entries written before kept it in their before/after values, readable by anyone with the
-- audit log: the same masking is applied to them ('[secret]', and '[changed]' on an after that
-- differs from its before), keeping every other value of the entry as it was.
UPDATE "audit_log"
SET "values" = "values"
  || CASE
    WHEN jsonb_typeof("values"->'before') = 'object' AND coalesce("values"->'before'->>'accessCode', '') <> ''
      THEN jsonb_build_object('before', jsonb_set("values"->'before', '{accessCode}', '"[secret]"'))
    ELSE '{}'::jsonb
  END
  || CASE
    WHEN jsonb_typeof("values"->'after') = 'object' AND coalesce("values"->'after'->>'accessCode', '') <> ''
      THEN jsonb_build_object('after', jsonb_set("values"->'after', '{accessCode}',
        CASE
          WHEN jsonb_typeof("values"->'before') = 'object'
            AND ("values"->'before'->>'accessCode') IS DISTINCT FROM ("values"->'after'->>'accessCode')
            THEN '"[changed]"'::jsonb
          ELSE '"[secret]"'::jsonb
        END))
    ELSE '{}'::jsonb
  END
WHERE "entity_name" = 'order'
  AND (coalesce("values"->'before'->>'accessCode', '') NOT IN ('', '[secret]', '[changed]')
    OR coalesce("values"->'after'->>'accessCode', '') NOT IN ('', '[secret]', '[changed]'));
