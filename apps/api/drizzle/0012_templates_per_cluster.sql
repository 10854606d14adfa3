ALTER TABLE "ccm" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "qrcode_template" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "ccm" ADD CONSTRAINT "ccm_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_template" ADD CONSTRAINT "qrcode_template_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccm_cluster_idx" ON "ccm" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "qrcode_template_cluster_idx" ON "qrcode_template" USING btree ("cluster_id");