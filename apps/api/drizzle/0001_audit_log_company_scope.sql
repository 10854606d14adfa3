ALTER TABLE "audit_log" ADD COLUMN "company_ids" uuid[];--> statement-breakpoint
CREATE INDEX "audit_log_company_ids_idx" ON "audit_log" USING gin ("company_ids");