CREATE TABLE "dashboard_alert_request" (
	"ebox_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
