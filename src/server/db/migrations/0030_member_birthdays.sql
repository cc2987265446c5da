-- Decision 040: a company's birthdays from its own rows. memberships.birthday is the birthday that
-- counts (the company's record, else the profile) as month * 100 + day, kept by the triggers that
-- keep the search keys; memberships_company_birthday_idx finds a company's members born on some
-- days without reading anyone else (profiles_birthday_idx held every person of every company).
ALTER TABLE "memberships" ADD COLUMN "birthday" smallint;--> statement-breakpoint

-- month * 100 + day of a date (null stays null); immutable, so usable anywhere.
CREATE OR REPLACE FUNCTION carimbou_month_day(value date) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (extract(month FROM value) * 100 + extract(day FROM value))::smallint
$$;--> statement-breakpoint

-- The keys of 0028 and the birthday. An anonymised membership names no profile and has no record
-- of its own (anonymiseMembership clears it): its birthday is null.
CREATE OR REPLACE FUNCTION memberships_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  SELECT name, email, phone, birth_date INTO p FROM profiles WHERE id = NEW.customer_id;
  NEW.sort_name := coalesce(carimbou_search_key(p.name), '');
  NEW.search_text := coalesce(concat_ws(' ',
    carimbou_search_key(p.name),
    lower(p.email),
    carimbou_search_key(coalesce(NEW.phone, p.phone)),
    regexp_replace(coalesce(NEW.phone, p.phone, ''), '[^0-9]', '', 'g')), '');
  NEW.birthday := carimbou_month_day(coalesce(NEW.birth_date, p.birth_date));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER memberships_search_text ON memberships;--> statement-breakpoint
CREATE TRIGGER memberships_search_text
  BEFORE INSERT OR UPDATE OF phone, customer_id, birth_date ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_search_text();--> statement-breakpoint

-- A change of the customer's own birth date refreshes their memberships too.
DROP TRIGGER profiles_refresh_membership_search ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_refresh_membership_search
  AFTER UPDATE OF name, email, phone, birth_date ON profiles
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.birth_date IS DISTINCT FROM NEW.birth_date)
  EXECUTE FUNCTION profiles_refresh_membership_search();--> statement-breakpoint

-- Existing members get theirs (only the new column is set: the search keys' trigger does not run).
UPDATE memberships m SET birthday = carimbou_month_day(coalesce(m.birth_date, p.birth_date))
  FROM profiles p
  WHERE p.id = m.customer_id AND coalesce(m.birth_date, p.birth_date) IS NOT NULL;--> statement-breakpoint
UPDATE memberships SET birthday = carimbou_month_day(birth_date)
  WHERE birthday IS NULL AND birth_date IS NOT NULL;--> statement-breakpoint

CREATE INDEX "memberships_company_birthday_idx" ON "memberships" USING btree ("company_id","birthday");--> statement-breakpoint
-- The birthday job reads the new index too (company by company): the index of the companies'
-- own records alone is no longer read.
DROP INDEX "memberships_birthday_idx";--> statement-breakpoint

-- The reports' top members of a period (topBySum) read each member's stamps of the period's days:
-- with the member and the stamps in the period index, an index-only scan of the company's own
-- entries, not a heap fetch per row among every company's rows (the index keeps its key columns:
-- drizzle's schema declares them; INCLUDE is this hand-written part's).
DROP INDEX "report_member_days_period_idx";--> statement-breakpoint
CREATE INDEX "report_member_days_period_idx" ON "report_member_days" USING btree ("company_id","day","prev_day","prev2_day") INCLUDE ("customer_id","stamps");
