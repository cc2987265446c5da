CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "social_networks" text[] DEFAULT array['instagram','facebook','x','tiktok','youtube','linkedin'] NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "claimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "file_id" text;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_one_pending_claim_per_kind" ON "stamps" USING btree ("card_id","method") WHERE "stamps"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_one_review_claim_per_customer" ON "stamps" USING btree ("customer_id","company_id") WHERE "stamps"."claimed" and "stamps"."method" = 'google_review' and "stamps"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "stamps_company_status_idx" ON "stamps" USING btree ("company_id","status");