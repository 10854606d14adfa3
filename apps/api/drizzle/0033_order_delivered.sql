-- `delivered` (spec 3, read only) is true once the customer has the parcel: the move that stamps
-- customer_taken_at sets it from now on (modules/order/lifecycle-service.ts); the orders taken
-- before that read "Entregue: Não" beside "Retirado pelo cliente" and are set here.
UPDATE "order" SET "delivered" = true WHERE "customer_taken_at" IS NOT NULL AND "delivered" IS NOT TRUE;
