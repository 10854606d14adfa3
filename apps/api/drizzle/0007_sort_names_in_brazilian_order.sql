DROP INDEX "building_level1_name_idx";--> statement-breakpoint
DROP INDEX "building_level2_name_idx";--> statement-breakpoint
DROP INDEX "building_name_idx";--> statement-breakpoint
DROP INDEX "ccm_subject_idx";--> statement-breakpoint
DROP INDEX "company_name_idx";--> statement-breakpoint
DROP INDEX "compartiment_layout_name_idx";--> statement-breakpoint
DROP INDEX "customer_name_idx";--> statement-breakpoint
DROP INDEX "ebox_module_name_idx";--> statement-breakpoint
DROP INDEX "locker_group_name_idx";--> statement-breakpoint
DROP INDEX "product_name_idx";--> statement-breakpoint
DROP INDEX "role_name_idx";--> statement-breakpoint
DROP INDEX "warehouse_name_idx";--> statement-breakpoint
DROP INDEX "webhook_url_idx";--> statement-breakpoint
CREATE INDEX "building_level1_name_idx" ON "building_level1" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "building_level2_name_idx" ON "building_level2" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "building_name_idx" ON "building" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "ccm_subject_idx" ON "ccm" USING btree (("subject" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "compartiment_layout_name_idx" ON "compartiment_layout" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "customer_name_idx" ON "customer" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "ebox_module_name_idx" ON "ebox_module" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "locker_group_name_idx" ON "locker_group" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "role_name_idx" ON "role" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "warehouse_name_idx" ON "warehouse" USING btree (("name" COLLATE "pt-BR-x-icu"));--> statement-breakpoint
CREATE INDEX "webhook_url_idx" ON "webhook" USING btree (("url" COLLATE "pt-BR-x-icu"));