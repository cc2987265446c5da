-- Decision 027 (billing that cannot be gamed): an invoice's kind (a monthly charge of the
-- subscription, or an upgrade's one-off pro-rated difference) and the day a paid charge was taken
-- back (chargeback, refund, cash payment undone), from which it is owed again and the grace counts.
-- Hand-written (drizzle-kit generate --custom): migration 0019's snapshot already holds both columns.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "unpaid_since" date;
