CREATE TYPE "public"."member_role" AS ENUM('owner', 'manager', 'attendant');--> statement-breakpoint
CREATE TABLE "company_members" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "member_role" NOT NULL,
	"location_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"location_id" text,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "counter_code" text;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "redeemed_location_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stamp_interval_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "daily_stamp_cap" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stamp_value_cents" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_stamps_per_purchase" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "self_stamp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_one_open" ON "staff_invitations" USING btree ("company_id","email") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "staff_invitations_company_created_idx" ON "staff_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_counterCode_unique" UNIQUE("counter_code");--> statement-breakpoint
INSERT INTO "company_members" ("id", "company_id", "user_id", "role", "created_at")
SELECT 'mem_' || "id", "id", "owner_id", 'owner', "created_at" FROM "companies";
