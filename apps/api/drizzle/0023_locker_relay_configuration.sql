ALTER TABLE "ebox" ADD COLUMN "relay_channels" integer;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "config_status" text;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "config_error" text;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "config_hash" text;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "config_checked_at" timestamp with time zone;--> statement-breakpoint
-- comNumber is now the channel as the relay board prints it (CH1 = 1; Open-Locker's address is
-- comNumber - 1). Compartment generation and the demo always stored it that way; a locker with a
-- compartment on channel 0 was entered by hand or imported counting from 0 as the device does, so
-- every compartment of that locker moves up by one (the whole locker, to keep its doors apart).
UPDATE "compartiment" SET "com_number" = "com_number" + 1
 WHERE "ebox_id" IN (SELECT DISTINCT "ebox_id" FROM "compartiment" WHERE "com_number" < 1);--> statement-breakpoint
-- Nothing is known of what the terminals hold until the next apply_config answers.
UPDATE "ebox" SET "config_status" = 'pending' WHERE "terminal_id" IS NOT NULL;
