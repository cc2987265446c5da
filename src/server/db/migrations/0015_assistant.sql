CREATE TYPE "public"."assistant_channel" AS ENUM('app', 'whatsapp');--> statement-breakpoint
CREATE TYPE "public"."assistant_tone" AS ENUM('amigavel', 'formal', 'descontraido', 'profissional');--> statement-breakpoint
CREATE TYPE "public"."feedback_kind" AS ENUM('complaint', 'suggestion');--> statement-breakpoint
CREATE TYPE "public"."feedback_state" AS ENUM('new', 'in_progress', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."promotion_frequency" AS ENUM('semanal', 'quinzenal', 'mensal');--> statement-breakpoint
CREATE TYPE "public"."whatsapp_direction" AS ENUM('in', 'out');--> statement-breakpoint
CREATE TABLE "assistant_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"kind" "feedback_kind" NOT NULL,
	"state" "feedback_state" DEFAULT 'new' NOT NULL,
	"body" text NOT NULL,
	"channel" "assistant_channel" NOT NULL,
	"customer_id" text,
	"contact_id" text,
	"source_message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_handoffs" (
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"taken_by" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_handoffs_company_id_customer_id_pk" PRIMARY KEY("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "assistant_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT 'Assistente' NOT NULL,
	"company_name" text NOT NULL,
	"welcome_message" text NOT NULL,
	"order_message" text NOT NULL,
	"suggestion_message" text NOT NULL,
	"complaint_message" text NOT NULL,
	"service_hours" jsonb NOT NULL,
	"tone" "assistant_tone" DEFAULT 'amigavel' NOT NULL,
	"delivery_url" text DEFAULT '' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"marketing_promotions" boolean DEFAULT false NOT NULL,
	"marketing_reminders" boolean DEFAULT false NOT NULL,
	"promotion_frequency" "promotion_frequency" DEFAULT 'semanal' NOT NULL,
	"send_time" text DEFAULT '10:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"company_id" text NOT NULL,
	"consent_text" text NOT NULL,
	"source" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_via" text
);
--> statement-breakpoint
CREATE TABLE "whatsapp_channels" (
	"company_id" text PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"app_secret_enc" text NOT NULL,
	"verify_token_enc" text NOT NULL,
	"template_name" text,
	"template_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_channels_phoneNumberId_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"customer_id" text,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"direction" "whatsapp_direction" NOT NULL,
	"body" text NOT NULL,
	"wa_message_id" text,
	"intent" text,
	"status" text NOT NULL,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "assistant_name" text;--> statement-breakpoint
ALTER TABLE "assistant_feedback" ADD CONSTRAINT "assistant_feedback_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_feedback" ADD CONSTRAINT "assistant_feedback_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_handoffs" ADD CONSTRAINT "assistant_handoffs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_handoffs" ADD CONSTRAINT "assistant_handoffs_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_contact_id_whatsapp_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."whatsapp_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_feedback_source_idx" ON "assistant_feedback" USING btree ("source_message_id");--> statement-breakpoint
CREATE INDEX "assistant_feedback_company_created_idx" ON "assistant_feedback" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_feedback_company_open_idx" ON "assistant_feedback" USING btree ("company_id") WHERE "assistant_feedback"."state" <> 'resolved';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_runs_once_idx" ON "campaign_runs" USING btree ("company_id","kind","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_live_idx" ON "marketing_consents" USING btree ("customer_id","company_id") WHERE "marketing_consents"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "marketing_consents_company_idx" ON "marketing_consents" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_company_phone_idx" ON "whatsapp_contacts" USING btree ("company_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wa_id_idx" ON "whatsapp_messages" USING btree ("company_id","wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_contact_created_idx" ON "whatsapp_messages" USING btree ("contact_id","created_at");