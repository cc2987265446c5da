CREATE TYPE "public"."consent_kind" AS ENUM('marketing', 'push', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."personal_data_export_state" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_kind" AS ENUM('leave', 'delete_account');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_state" AS ENUM('pending', 'cancelled', 'done');--> statement-breakpoint
ALTER TYPE "public"."membership_status" ADD VALUE 'left';--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"company_id" text,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" "personal_data_export_state" DEFAULT 'pending' NOT NULL,
	"data" "bytea",
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_request_companies" (
	"request_id" text NOT NULL,
	"company_id" text NOT NULL,
	CONSTRAINT "privacy_request_companies_request_id_company_id_pk" PRIMARY KEY("request_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "privacy_request_kind" NOT NULL,
	"state" "privacy_request_state" NOT NULL,
	"user_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_cards" DROP CONSTRAINT "loyalty_cards_customer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_customer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "bonus_entries" DROP CONSTRAINT "bonus_entries_customer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_referrer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_referred_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "stamps" DROP CONSTRAINT "stamps_customer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wallet_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_document" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request_companies" ADD CONSTRAINT "privacy_request_companies_request_id_privacy_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request_companies" ADD CONSTRAINT "privacy_request_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_data_exports_user_idx" ON "personal_data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_request_companies_company_idx" ON "privacy_request_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("state","due_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- Issue 34: a member who left the programme (status 'left', the row re-pointed to an `anon_…` id
-- that names no profile) is no longer counted in company_member_counts; the row stays so that
-- the company's reports (new members of a period) stay true. Hand-written below the generated part.
CREATE OR REPLACE FUNCTION company_member_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_member_counts c SET members = c.members - gone.n
    FROM (SELECT company_id, count(*) AS n FROM old_memberships
          WHERE status::text <> 'left' GROUP BY company_id) gone
    WHERE c.company_id = gone.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION company_member_counts_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status::text = 'left' AND OLD.status::text <> 'left' THEN
    UPDATE company_member_counts SET members = members - 1 WHERE company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER memberships_count_left AFTER UPDATE OF status ON memberships
  FOR EACH ROW EXECUTE FUNCTION company_member_counts_left();--> statement-breakpoint

-- An anonymised membership names no profile: its search keys are empty (never null).
CREATE OR REPLACE FUNCTION memberships_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  SELECT name, email, phone INTO p FROM profiles WHERE id = NEW.customer_id;
  NEW.sort_name := coalesce(carimbou_search_key(p.name), '');
  NEW.search_text := coalesce(concat_ws(' ',
    carimbou_search_key(p.name),
    lower(p.email),
    carimbou_search_key(coalesce(NEW.phone, p.phone)),
    regexp_replace(coalesce(NEW.phone, p.phone, ''), '[^0-9]', '', 'g')), '');
  RETURN NEW;
END
$$;
