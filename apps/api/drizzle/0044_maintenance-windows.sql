ALTER TABLE "ebox" ADD COLUMN "maintenance_window_start" text;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "maintenance_window_end" text;--> statement-breakpoint
ALTER TABLE "ebox" ADD COLUMN "time_zone" text;