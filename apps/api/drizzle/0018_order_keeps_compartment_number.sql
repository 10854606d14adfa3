ALTER TABLE "order" DROP CONSTRAINT "order_compartiment_id_compartiment_id_fk";
--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_compartiment_id_compartiment_id_fk" FOREIGN KEY ("compartiment_id") REFERENCES "public"."compartiment"("id") ON DELETE set null ON UPDATE no action;