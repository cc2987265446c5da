-- Search keys kept by the database, so no code path can forget them.
-- carimbou_search_key: lower-case without accents ('João' -> 'joao'); immutable, usable in indexes.
CREATE OR REPLACE FUNCTION carimbou_search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    lower(coalesce(value, '')),
    'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūýÿçñ',
    'aaaaaaaeeeeeiiiiiooooooouuuuuyycn'
  )
$$;--> statement-breakpoint

-- memberships.search_text: name, e-mail and phone (as written and as digits) of the customer, the
-- phone being the company's own record when it has one; sort_name: the name as the list sorts it.
CREATE OR REPLACE FUNCTION memberships_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  SELECT name, email, phone INTO p FROM profiles WHERE id = NEW.customer_id;
  NEW.sort_name := carimbou_search_key(p.name);
  NEW.search_text := concat_ws(' ',
    carimbou_search_key(p.name),
    lower(p.email),
    carimbou_search_key(coalesce(NEW.phone, p.phone)),
    regexp_replace(coalesce(NEW.phone, p.phone, ''), '[^0-9]', '', 'g'));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER memberships_search_text BEFORE INSERT OR UPDATE OF phone, customer_id ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_search_text();--> statement-breakpoint

-- A change of the customer's own name, e-mail or phone refreshes their memberships' keys.
CREATE OR REPLACE FUNCTION profiles_refresh_membership_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memberships SET phone = phone WHERE customer_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_refresh_membership_search AFTER UPDATE OF name, email, phone ON profiles
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION profiles_refresh_membership_search();--> statement-breakpoint

-- interests.city_key: the city as companies are matched to it (ignoring case and accents).
CREATE OR REPLACE FUNCTION interests_city_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.city_key := carimbou_search_key(btrim(NEW.city));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER interests_city_key BEFORE INSERT OR UPDATE OF city ON interests
  FOR EACH ROW EXECUTE FUNCTION interests_city_key();--> statement-breakpoint

CREATE INDEX companies_sector_city_key_idx ON companies (sector, carimbou_search_key(btrim(city)));--> statement-breakpoint

-- Existing members get their keys.
UPDATE memberships SET phone = phone;
