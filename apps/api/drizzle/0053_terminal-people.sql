CREATE TABLE "terminal_person_credential" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text,
	"qr_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_person_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ebox_id" uuid NOT NULL,
	"permissions" text[] NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_sign_in_refusal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ebox_id" uuid NOT NULL,
	"user_id" uuid,
	"user_key" text NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_person_credential" ADD CONSTRAINT "terminal_person_credential_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_person_session" ADD CONSTRAINT "terminal_person_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_person_session" ADD CONSTRAINT "terminal_person_session_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_sign_in_refusal" ADD CONSTRAINT "terminal_sign_in_refusal_ebox_id_ebox_id_fk" FOREIGN KEY ("ebox_id") REFERENCES "public"."ebox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_sign_in_refusal" ADD CONSTRAINT "terminal_sign_in_refusal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_person_session_user_idx" ON "terminal_person_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "terminal_sign_in_refusal_user_idx" ON "terminal_sign_in_refusal" USING btree ("user_key","at");--> statement-breakpoint
CREATE INDEX "terminal_sign_in_refusal_ebox_idx" ON "terminal_sign_in_refusal" USING btree ("ebox_id","at");--> statement-breakpoint
CREATE INDEX "terminal_sign_in_refusal_failure_idx" ON "terminal_sign_in_refusal" USING btree ("at") WHERE "terminal_sign_in_refusal"."reason" <> 'throttled';