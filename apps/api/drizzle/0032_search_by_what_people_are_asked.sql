DROP INDEX "order_tracking_code_trgm_idx";--> statement-breakpoint
DROP INDEX "order_tracking_code_lower_idx";--> statement-breakpoint
DROP INDEX "order_reference_number_trgm_idx";--> statement-breakpoint
DROP INDEX "order_reference_number_lower_idx";--> statement-breakpoint
CREATE INDEX "ebox_code_prefix_idx" ON "ebox" USING btree ((lower("code") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "order_tracking_code_prefix_idx" ON "order" USING btree ((lower("tracking_code") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "order_reference_number_prefix_idx" ON "order" USING btree ((lower("reference_number") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "order_customer_phone_suffix_idx" ON "order" USING btree ((reverse(upper(regexp_replace("customer_phone", '[^0-9A-Za-z]', '', 'g'))) COLLATE "C"));