ALTER TABLE "assistant_settings" ADD COLUMN "hours_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_completed_cards" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_refused_claims" boolean DEFAULT true NOT NULL;;--> statement-breakpoint
-- Hours saved before this column were informed by the owner unless they are still the form's
-- defaults (every day 08:00-18:00): those the assistant stops stating.
UPDATE "assistant_settings" SET "hours_set" = true WHERE "service_hours" <> '[{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"},{"open":true,"start":"08:00","end":"18:00"}]'::jsonb;