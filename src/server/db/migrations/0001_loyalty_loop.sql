CREATE TYPE "public"."card_status" AS ENUM('active', 'complete', 'redeemed');--> statement-breakpoint
CREATE TYPE "public"."membership_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."stamp_method" AS ENUM('purchase', 'receipt', 'social', 'google_review');--> statement-breakpoint
CREATE TYPE "public"."stamp_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"membership_id" text NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"program_id" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"max_stamps" integer NOT NULL,
	"status" "card_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"redemption_bonus_type" text,
	"redemption_notes" text,
	"redemption_code" text,
	CONSTRAINT "loyalty_cards_redemptionCode_unique" UNIQUE("redemption_code")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"origin" text,
	"status" "membership_status" DEFAULT 'active' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_company_customer_unique" UNIQUE("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"stamps_required" integer NOT NULL,
	"reward" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamps" (
	"id" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"method" "stamp_method" NOT NULL,
	"count" integer NOT NULL,
	"status" "stamp_status" NOT NULL,
	"notes" text,
	"given_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "purchase_stamps" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_stamps" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "social_stamps" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_one_open_per_program" ON "loyalty_cards" USING btree ("membership_id","program_id") WHERE "loyalty_cards"."status" <> 'redeemed';--> statement-breakpoint
CREATE INDEX "loyalty_cards_company_idx" ON "loyalty_cards" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_cards_customer_idx" ON "loyalty_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "memberships_customer_idx" ON "memberships" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "programs_company_idx" ON "programs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_one_default_per_company" ON "programs" USING btree ("company_id") WHERE "programs"."is_default";--> statement-breakpoint
CREATE INDEX "stamps_card_idx" ON "stamps" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "stamps_company_created_idx" ON "stamps" USING btree ("company_id","created_at");