ALTER TABLE "order_history" ALTER COLUMN "from_status" DROP NOT NULL;--> statement-breakpoint
-- Orders made before creations were recorded get theirs, so every timeline starts at its creation:
-- by whom the order row says created it (a person's e-mail), or by the system.
INSERT INTO "order_history" ("order_id", "company_id", "from_status", "to_status", "trigger", "actor_kind", "actor_id", "actor_label", "at")
SELECT o."id", o."company_id", NULL, 'CREATED', CASE WHEN o."import_hash" IS NULL THEN 'create' ELSE 'import' END,
       CASE WHEN u."id" IS NULL THEN 'system' ELSE 'user' END, u."id"::text, COALESCE(u."email", 'system'), o."created_at"
FROM "order" o LEFT JOIN "user" u ON u."id" = o."created_by_id"
WHERE NOT EXISTS (SELECT 1 FROM "order_history" h WHERE h."order_id" = o."id" AND h."from_status" IS NULL);
