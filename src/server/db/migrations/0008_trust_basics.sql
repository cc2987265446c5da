ALTER TABLE "customer_invitations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "reward" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "location_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_invitations_email_idx" ON "customer_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customer_invitations_company_idx" ON "customer_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
-- Existing cards keep the reward of the programme they were opened in (their company's default).
UPDATE "loyalty_cards" AS c SET "reward" = p."reward" FROM "programs" AS p WHERE p."id" = c."program_id";
