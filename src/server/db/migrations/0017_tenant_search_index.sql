-- The /clientes search by company and term in one index (decision 020): the trigram index of
-- migration 0004 holds every company's members, so a term's matches in one company were read
-- among all companies' (ten times more with 1,000 companies), then filtered. With btree_gin the
-- company's key and the term's trigrams are entries of one GIN index, and the scan intersects
-- them: it reads about what the company alone would. Hand-written (drizzle-kit generate --custom):
-- the embedded PGlite loads only pg_trgm (db/client.ts), so there, and on a PostgreSQL without the
-- contrib modules, nothing is done and the search keeps the index of 0004. btree_gin is a trusted
-- extension (PostgreSQL 13+): the database owner may create it. The build locks writes to
-- memberships for its duration (about 50 s for 1,000,000 members on 2 cores).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX IF NOT EXISTS memberships_company_search_trgm_idx ON memberships
      USING gin (company_id, search_text gin_trgm_ops);
  END IF;
END $$;
