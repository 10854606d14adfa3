ALTER TABLE "terminal_version" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "terminal_version" ADD COLUMN "size_in_bytes" double precision;