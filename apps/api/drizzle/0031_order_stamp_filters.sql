CREATE INDEX "order_stored_at_idx" ON "order" USING btree ("stored_at","company_id") WHERE "order"."stored_at" is not null;--> statement-breakpoint
CREATE INDEX "order_collected_at_idx" ON "order" USING btree ("collected_at","company_id") WHERE "order"."collected_at" is not null;--> statement-breakpoint
CREATE INDEX "order_expired_at_idx" ON "order" USING btree ("expired_at","company_id") WHERE "order"."expired_at" is not null;--> statement-breakpoint
CREATE INDEX "order_canceled_at_idx" ON "order" USING btree ("canceled_at","company_id") WHERE "order"."canceled_at" is not null;