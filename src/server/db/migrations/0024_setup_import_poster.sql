ALTER TYPE "public"."stamp_method" ADD VALUE 'import';--> statement-breakpoint
CREATE TABLE "customer_import_rows" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"birth_date" date,
	"city" text,
	"state" text,
	"stamps" integer DEFAULT 0 NOT NULL,
	"errors" text[] DEFAULT '{}'::text[] NOT NULL,
	"outcome" text,
	"reason" text,
	"invitation_id" text,
	CONSTRAINT "customer_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"created_by" text,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"invited_count" integer DEFAULT 0 NOT NULL,
	"code_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "poster_downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "setup_checklist_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "pending_stamps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_imports_company_idx" ON "customer_imports" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_invitations_import_idx" ON "customer_invitations" USING btree ("import_id");--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_shortCode_unique" UNIQUE("short_code");