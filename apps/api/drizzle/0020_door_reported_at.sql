ALTER TABLE "compartiment" ADD COLUMN "door_reported_at" timestamp with time zone;--> statement-breakpoint
-- The reports stored so far: the latest one applied is the one that last changed the door.
UPDATE "compartiment" SET "door_reported_at" = "door_changed_at" WHERE "door_changed_at" IS NOT NULL;
