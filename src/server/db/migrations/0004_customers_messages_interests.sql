CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."interest_status" AS ENUM('pending', 'answered');--> statement-breakpoint
CREATE TYPE "public"."message_sender" AS ENUM('customer', 'company');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('pending', 'answered');--> statement-breakpoint
CREATE TABLE "customer_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "customer_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "interest_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"interest_id" text NOT NULL,
	"company_id" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_replies_interest_company_unique" UNIQUE("interest_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"sector" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"description" text NOT NULL,
	"status" "interest_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"city_key" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"sender" "message_sender" NOT NULL,
	"body" text NOT NULL,
	"status" "message_status" NOT NULL,
	"reply_to_id" text,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_replies" ADD CONSTRAINT "interest_replies_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_replies" ADD CONSTRAINT "interest_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_reply_to_id_customer_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."customer_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_invitations_user_idx" ON "customer_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "interest_replies_company_idx" ON "interest_replies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "interests_match_idx" ON "interests" USING btree ("sector","city_key","created_at");--> statement-breakpoint
CREATE INDEX "interests_customer_idx" ON "interests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "interests_status_created_idx" ON "interests" USING btree ("status","created_at") WHERE "interests"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "customer_messages_company_created_idx" ON "customer_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_customer_created_idx" ON "customer_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_company_status_idx" ON "customer_messages" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "customer_messages_reply_to_idx" ON "customer_messages" USING btree ("reply_to_id");--> statement-breakpoint
CREATE INDEX "memberships_company_sort_idx" ON "memberships" USING btree ("company_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "memberships_search_trgm_idx" ON "memberships" USING gin ("search_text" gin_trgm_ops);