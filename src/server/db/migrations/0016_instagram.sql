CREATE TYPE "public"."instagram_direction" AS ENUM('in', 'out');--> statement-breakpoint
ALTER TYPE "public"."assistant_channel" ADD VALUE 'instagram';--> statement-breakpoint
CREATE TABLE "instagram_channels" (
	"company_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"app_secret_enc" text NOT NULL,
	"verify_token_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_channels_accountId_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "instagram_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"igsid" text NOT NULL,
	"username" text,
	"customer_id" text,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"direction" "instagram_direction" NOT NULL,
	"body" text NOT NULL,
	"mid" text,
	"intent" text,
	"status" text NOT NULL,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_channels" ADD CONSTRAINT "instagram_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_contacts" ADD CONSTRAINT "instagram_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_contacts" ADD CONSTRAINT "instagram_contacts_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD CONSTRAINT "instagram_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD CONSTRAINT "instagram_messages_contact_id_instagram_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."instagram_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_contacts_company_igsid_idx" ON "instagram_contacts" USING btree ("company_id","igsid");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_messages_mid_idx" ON "instagram_messages" USING btree ("company_id","mid");--> statement-breakpoint
CREATE INDEX "instagram_messages_contact_created_idx" ON "instagram_messages" USING btree ("contact_id","created_at");