CREATE TABLE "report_member_days" (
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"day" date NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"stamp_rows" integer DEFAULT 0 NOT NULL,
	"prev_day" date,
	"prev2_day" date,
	CONSTRAINT "report_member_days_company_id_customer_id_day_pk" PRIMARY KEY("company_id","customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_member_totals" (
	"company_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_member_totals_company_id_customer_id_pk" PRIMARY KEY("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "report_stamp_days" (
	"company_id" text NOT NULL,
	"day" date NOT NULL,
	"method" "stamp_method" NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stamp_days_company_id_day_method_pk" PRIMARY KEY("company_id","day","method")
);
--> statement-breakpoint
ALTER TABLE "report_member_days" ADD CONSTRAINT "report_member_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_totals" ADD CONSTRAINT "report_member_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stamp_days" ADD CONSTRAINT "report_stamp_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_member_days_period_idx" ON "report_member_days" USING btree ("company_id","day","prev_day","prev2_day");--> statement-breakpoint
CREATE INDEX "report_member_totals_stamps_idx" ON "report_member_totals" USING btree ("company_id","stamps","customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_company_redeemed_idx" ON "loyalty_cards" USING btree ("company_id","redeemed_at") WHERE "loyalty_cards"."redeemed_at" is not null;--> statement-breakpoint
CREATE INDEX "memberships_company_joined_idx" ON "memberships" USING btree ("company_id","joined_at");--> statement-breakpoint
CREATE INDEX "stamps_company_approved_idx" ON "stamps" USING btree ("company_id","approved_at","id") WHERE "stamps"."status" = 'approved';--> statement-breakpoint

-- The roll-ups are kept by the database (decision 013): a trigger on stamps adds each approved
-- stamp's worth to its São Paulo day and takes away what a changed or deleted one was worth, in the
-- same transaction. Hand-written below the generated part (as migration 0006 did).

-- Relinks a member's days around `d` (a day that appeared or went): the day itself and the next
-- two are the only ones whose previous days change; the window needs the two days before.
CREATE OR REPLACE FUNCTION report_member_days_relink(c text, u text, d date)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_member_days t SET prev_day = r.p1, prev2_day = r.p2
  FROM (
    SELECT x.day, lag(x.day) OVER w AS p1, lag(x.day, 2) OVER w AS p2
    FROM ((SELECT b.day FROM report_member_days b
           WHERE b.company_id = c AND b.customer_id = u AND b.day < d
           ORDER BY b.day DESC LIMIT 2)
          UNION ALL
          (SELECT a.day FROM report_member_days a
           WHERE a.company_id = c AND a.customer_id = u AND a.day >= d
           ORDER BY a.day LIMIT 3)) x
    WINDOW w AS (ORDER BY x.day)
  ) r
  WHERE t.company_id = c AND t.customer_id = u AND t.day = r.day AND r.day >= d
    AND (t.prev_day IS DISTINCT FROM r.p1 OR t.prev2_day IS DISTINCT FROM r.p2);
END $$;--> statement-breakpoint

-- One approved stamp row's worth added (sign 1) to, or taken away (sign -1) from, the roll-ups.
CREATE OR REPLACE FUNCTION report_rollups_add(
  c text, u text, at timestamptz, m stamp_method, amount integer, sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (at AT TIME ZONE 'America/Sao_Paulo')::date;
  day_rows integer;
BEGIN
  IF sign > 0 THEN
    INSERT INTO report_stamp_days AS t (company_id, day, method, stamps) VALUES (c, d, m, amount)
      ON CONFLICT (company_id, day, method) DO UPDATE SET stamps = t.stamps + excluded.stamps;
    INSERT INTO report_member_totals AS t (company_id, customer_id, stamps) VALUES (c, u, amount)
      ON CONFLICT (company_id, customer_id) DO UPDATE SET stamps = t.stamps + excluded.stamps;
    INSERT INTO report_member_days AS t (company_id, customer_id, day, stamps, stamp_rows)
      VALUES (c, u, d, amount, 1)
      ON CONFLICT (company_id, customer_id, day) DO UPDATE
        SET stamps = t.stamps + excluded.stamps, stamp_rows = t.stamp_rows + 1
      RETURNING t.stamp_rows INTO day_rows;
    -- A day with its first stamp: linked to the days before, and the next ones to it.
    IF day_rows = 1 THEN
      PERFORM report_member_days_relink(c, u, d);
    END IF;
  ELSE
    UPDATE report_stamp_days SET stamps = stamps - amount
      WHERE company_id = c AND day = d AND method = m;
    UPDATE report_member_totals SET stamps = stamps - amount
      WHERE company_id = c AND customer_id = u;
    UPDATE report_member_days SET stamps = stamps - amount, stamp_rows = stamp_rows - 1
      WHERE company_id = c AND customer_id = u AND day = d
      RETURNING stamp_rows INTO day_rows;
    -- The day's last stamp gone: the day goes, and the next days are relinked.
    IF day_rows = 0 THEN
      DELETE FROM report_member_days WHERE company_id = c AND customer_id = u AND day = d;
      PERFORM report_member_days_relink(c, u, d);
    END IF;
  END IF;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.count = OLD.count
    AND NEW.method = OLD.method AND NEW.approved_at IS NOT DISTINCT FROM OLD.approved_at
    AND NEW.company_id = OLD.company_id AND NEW.customer_id = OLD.customer_id THEN
    RETURN NULL; -- nothing a report counts changed (notes, review fields)
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.approved_at IS NOT NULL THEN
    PERFORM report_rollups_add(OLD.company_id, OLD.customer_id, OLD.approved_at, OLD.method,
      OLD.count, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.approved_at IS NOT NULL THEN
    PERFORM report_rollups_add(NEW.company_id, NEW.customer_id, NEW.approved_at, NEW.method,
      NEW.count, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER stamps_report_rollups AFTER INSERT OR UPDATE OR DELETE ON stamps
  FOR EACH ROW EXECUTE FUNCTION report_rollups();--> statement-breakpoint

-- A company's roll-ups counted again from its stamps (the backfill below; a seed that wrote stamps
-- in bulk with the trigger off; a fix to how a day is counted).
CREATE OR REPLACE FUNCTION report_rollups_rebuild(c text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_stamp_days WHERE company_id = c;
  DELETE FROM report_member_totals WHERE company_id = c;
  DELETE FROM report_member_days WHERE company_id = c;
  INSERT INTO report_stamp_days (company_id, day, method, stamps)
    SELECT c, (approved_at AT TIME ZONE 'America/Sao_Paulo')::date, method, sum(count)::int
    FROM stamps WHERE company_id = c AND status = 'approved' AND approved_at IS NOT NULL
    GROUP BY 2, 3;
  INSERT INTO report_member_totals (company_id, customer_id, stamps)
    SELECT c, customer_id, sum(count)::int
    FROM stamps WHERE company_id = c AND status = 'approved' AND approved_at IS NOT NULL
    GROUP BY 2;
  INSERT INTO report_member_days (company_id, customer_id, day, stamps, stamp_rows, prev_day,
      prev2_day)
    SELECT c, customer_id, day, stamps, stamp_rows, lag(day) OVER w, lag(day, 2) OVER w
    FROM (SELECT customer_id, (approved_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
            sum(count)::int AS stamps, count(*)::int AS stamp_rows
          FROM stamps WHERE company_id = c AND status = 'approved' AND approved_at IS NOT NULL
          GROUP BY 1, 2) d
    WINDOW w AS (PARTITION BY customer_id ORDER BY day);
$$;--> statement-breakpoint

-- The stamps already given.
SELECT report_rollups_rebuild(id) FROM companies;
