CREATE TABLE "company_member_counts" (
	"company_id" text PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_member_counts" ADD CONSTRAINT "company_member_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- company_member_counts.members: kept per statement (a seed of 20,000 rows updates it once).
CREATE OR REPLACE FUNCTION company_member_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_member_counts AS c (company_id, members)
    SELECT company_id, count(*) FROM new_memberships GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION company_member_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_member_counts c SET members = c.members - gone.n
    FROM (SELECT company_id, count(*) AS n FROM old_memberships GROUP BY company_id) gone
    WHERE c.company_id = gone.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER memberships_count_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION company_member_counts_insert();--> statement-breakpoint

CREATE TRIGGER memberships_count_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION company_member_counts_delete();--> statement-breakpoint

INSERT INTO company_member_counts (company_id, members)
  SELECT company_id, count(*) FROM memberships GROUP BY company_id;
