CREATE TABLE "terminal_message" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "terminal_message_received_at_idx" ON "terminal_message" USING btree ("received_at");