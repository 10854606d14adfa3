CREATE TABLE "order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text,
	"trigger" text NOT NULL,
	"reason" text,
	"refusal" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at","recorded_at");--> statement-breakpoint
-- Hand SQL (partial indexes the declarations cannot say). A customer's access code opens only its own
-- compartment: among a locker's live orders (booked, on their way, or with a parcel inside) no two share it.
CREATE UNIQUE INDEX "order_live_access_code_key" ON "order" USING btree ("ebox_id", "access_code") WHERE "ebox_id" IS NOT NULL AND "access_code" IS NOT NULL AND "status" IN ('CREATED', 'INBOUND', 'IN_TRANSIT_TO_STORE', 'STORED', 'COURIER_STORED', 'CUSTOMER_STORED', 'EXPIRED');--> statement-breakpoint
-- The expiry job reads the orders past their overdue date that can still expire.
CREATE INDEX "order_overdue_date_idx" ON "order" USING btree ("overdue_date") WHERE "status" IN ('CREATED', 'STORED', 'CUSTOMER_STORED', 'COURIER_STORED');
