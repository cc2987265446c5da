CREATE TYPE "public"."partnership_state" AS ENUM('pending', 'active', 'declined', 'cancelled', 'ended');--> statement-breakpoint
CREATE TABLE "partner_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"partnership_id" text NOT NULL,
	"sender_company_id" text NOT NULL,
	"sender_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" text PRIMARY KEY NOT NULL,
	"requester_company_id" text NOT NULL,
	"recipient_company_id" text NOT NULL,
	"state" "partnership_state" DEFAULT 'pending' NOT NULL,
	"proposal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"validated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by_company_id" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "partner_company_id" text;--> statement-breakpoint
ALTER TABLE "partner_messages" ADD CONSTRAINT "partner_messages_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_messages" ADD CONSTRAINT "partner_messages_sender_company_id_companies_id_fk" FOREIGN KEY ("sender_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_requester_company_id_companies_id_fk" FOREIGN KEY ("requester_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_recipient_company_id_companies_id_fk" FOREIGN KEY ("recipient_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_messages_thread_idx" ON "partner_messages" USING btree ("partnership_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_messages_unread_idx" ON "partner_messages" USING btree ("partnership_id","sender_company_id") WHERE "partner_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_open_pair_unique" ON "partnerships" USING btree (least("requester_company_id", "recipient_company_id"),greatest("requester_company_id", "recipient_company_id")) WHERE "partnerships"."state" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "partnerships_requester_idx" ON "partnerships" USING btree ("requester_company_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "partnerships_recipient_idx" ON "partnerships" USING btree ("recipient_company_id","last_activity_at");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_partner_idx" ON "memberships" USING btree ("partner_company_id","company_id") WHERE "memberships"."partner_company_id" is not null;