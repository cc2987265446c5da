CREATE TYPE "public"."bonus_entry_kind" AS ENUM('referred', 'referrer', 'used');--> statement-breakpoint
CREATE TYPE "public"."referral_state" AS ENUM('pending', 'qualified', 'rewarded', 'held', 'blocked');--> statement-breakpoint
ALTER TYPE "public"."stamp_method" ADD VALUE 'referral';--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"company_id" text PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonus_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"kind" "bonus_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"referral_id" text,
	"by_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"referrer_id" text NOT NULL,
	"referred_id" text NOT NULL,
	"state" "referral_state" NOT NULL,
	"reason" text,
	"ip_address" text,
	"referred_stamps" integer DEFAULT 0 NOT NULL,
	"referred_bonus_cents" integer DEFAULT 0 NOT NULL,
	"referrer_stamps" integer DEFAULT 0 NOT NULL,
	"referrer_bonus_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qualified_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "referrals_company_referred_unique" UNIQUE("company_id","referred_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "referral_monthly_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_profiles_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_profiles_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_entries_company_customer_idx" ON "bonus_entries" USING btree ("company_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_company_created_idx" ON "referrals" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_company_referrer_created_idx" ON "referrals" USING btree ("company_id","referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_company_ip_created_idx" ON "referrals" USING btree ("company_id","ip_address","created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");