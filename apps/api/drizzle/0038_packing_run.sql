ALTER TABLE "packing" ADD COLUMN "run_code" text;--> statement-breakpoint
ALTER TABLE "packing" ADD COLUMN "run_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packing" ADD COLUMN "run_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "packing_run_code_key" ON "packing" USING btree (lower("run_code"));