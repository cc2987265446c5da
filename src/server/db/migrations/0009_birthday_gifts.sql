ALTER TYPE "public"."stamp_method" ADD VALUE 'birthday';--> statement-breakpoint
CREATE TABLE "birthday_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"year" integer NOT NULL,
	"given_on" date NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"card_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_gifts_company_customer_year_unique" UNIQUE("company_id","customer_id","year")
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "birthday_gifts" ADD CONSTRAINT "birthday_gifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_gifts" ADD CONSTRAINT "birthday_gifts_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_gifts" ADD CONSTRAINT "birthday_gifts_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_birthday_idx" ON "profiles" USING btree (extract(month from "birth_date"),extract(day from "birth_date"));--> statement-breakpoint
CREATE INDEX "memberships_birthday_idx" ON "memberships" USING btree (extract(month from "birth_date"),extract(day from "birth_date"));