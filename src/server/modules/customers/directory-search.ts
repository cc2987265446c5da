import { CUSTOMER_SEARCH_COUNT_CAP, CUSTOMERS_PAGE_SIZE } from "@shared/customers.schema";
import { and, asc, eq, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { companyMemberCounts, memberships } from "./memberships.table";

/**
 * The /clientes search (decision 040): which of a company's members match a term, the page of
 * them in name order, and how many (up to "more than 1,000"). Every query here reads the
 * company's own rows through an index that starts with the company, and the way it is read is
 * chosen here from the company's own rows, never from the planner's statistics of the whole
 * table: so a company's search costs the same among a thousand companies as alone.
 */

/** What separates the words of search_text: spaces and the punctuation of e-mails and phones. */
const WORD_START = "(^|[ .@()_+'-])";

/**
 * The search condition: the term, lower-case and without accents (the same carimbou_search_key the
 * triggers use, applied in SQL), anywhere in the member's search_text; % and _ are literal.
 * A term of one or two characters that begins with a letter or digit ('jo', '11') matches the
 * start of a word (name, surname, e-mail or phone part) instead: the trigram index can answer that,
 * while "anywhere" would read every row. A short term of punctuation ('@', '_') stays "anywhere".
 */
export function searchCondition(
  search: string | undefined,
  searchText: SQLWrapper = memberships.searchText,
): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  if ([...term].length < 3 && /^[\p{L}\p{N}]/u.test(term)) {
    const escaped = term.replace(/[\\^$.|?*+()[\]{}]/g, (ch) => `\\${ch}`);
    return sql`${searchText} ~ carimbou_search_key(${WORD_START + escaped})`;
  }
  return sql`${searchText} like carimbou_search_key(${containsPattern(term)})`;
}

/** Members in name order a term is tried on first: a quarter of them matching makes it broad. */
const PROBE_ROWS = 200;
const BROAD_SHARE = 4;
/** A broad term's walk reads at most this many members per match it needs. */
const WALK_ROWS_PER_MATCH = 8;
/** Matches the trigram index hands over to be sorted; a term with more is paged by name. */
const SEARCH_SORT_ROWS = 5000;

type Found = { ids: string[]; total: number };

/**
 * The company's members (`ofCompany`) in name order, the first `rows` of them, keeping those that
 * match, up to `hits`: a walk of memberships_company_sort_idx that stops as soon as it has them.
 */
async function walkByName(db: Db, ofCompany: SQL, search: SQL, rows: number, hits: number) {
  const result = await db.execute<{ id: string }>(sql`
    select id from (
      select ${memberships.id} as id, ${memberships.sortName} as sort_name, ${search} as hit
      from ${memberships} where ${ofCompany}
      order by ${memberships.sortName}, ${memberships.id}
      limit ${rows}
    ) w
    where hit order by sort_name, id limit ${hits}`);
  return result.rows.map((r) => r.id);
}

/**
 * The matches through the company's trigram index (memberships_company_search_trgm_idx on
 * PostgreSQL), up to SEARCH_SORT_ROWS of them sorted and counted in one pass; with more, the
 * page comes from walking the name order, where matches are frequent. The table is never read
 * whole: its statistics are every company's, and a term that matches most other companies'
 * members (a city's phone prefix) made a sequential scan look cheap (decision 020).
 */
async function matchByIndex(db: Db, ofCompany: SQL, search: SQL, offset: number) {
  return db.transaction(async (tx): Promise<Found> => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // Materialized, so the matches are read once, then counted and sorted for the page.
    const matches = await tx.execute<{ id: string | null; total: number }>(sql`
      with matches as materialized (
        select ${memberships.id} as id, ${memberships.sortName} as sort_name
        from ${memberships} where ${and(ofCompany, search)}
        limit ${SEARCH_SORT_ROWS + 1}
      )
      select p.id, c.total
      from (select count(*)::int as total from matches) c
      left join lateral (
        select id from matches order by sort_name, id
        limit ${CUSTOMERS_PAGE_SIZE} offset ${offset}
      ) p on true`);
    const total = Number(matches.rows[0]?.total ?? 0);
    if (total <= SEARCH_SORT_ROWS)
      return { total, ids: matches.rows.flatMap((r) => (r.id ? [r.id] : [])) };
    const rows = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(ofCompany, search))
      .orderBy(asc(memberships.sortName), asc(memberships.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset(offset);
    return { total, ids: rows.map((r) => r.id) };
  });
}

/**
 * The page at `offset` of the company's members (not left) matching `search`, by name, and their
 * number, exact up to CUSTOMER_SEARCH_COUNT_CAP (a total above it means "more than that").
 *
 * The first PROBE_ROWS members in name order are tried first. A term most members match ('a',
 * '@gmail.com', a city's phone prefix in a company of that city) is broad: the page and the count
 * come from walking the name order, which finds them within a few thousand members, however many
 * members and other companies there are (the trigram index would hand over every match). A
 * narrower term goes through the trigram index. A company no bigger than the probe is answered by it.
 */
export async function searchCompanyMembers(
  db: Db,
  companyId: string,
  search: SQL,
  offset: number,
): Promise<Found> {
  const ofCompany = and(eq(memberships.companyId, companyId), ne(memberships.status, "left"))!;
  const need = Math.max(CUSTOMER_SEARCH_COUNT_CAP + 1, offset + CUSTOMERS_PAGE_SIZE);
  const page = (ids: string[]) => ({
    total: ids.length,
    ids: ids.slice(offset, offset + CUSTOMERS_PAGE_SIZE),
  });
  const [[count], probe] = await Promise.all([
    db
      .select({ members: companyMemberCounts.members })
      .from(companyMemberCounts)
      .where(eq(companyMemberCounts.companyId, companyId)),
    walkByName(db, ofCompany, search, PROBE_ROWS, PROBE_ROWS),
  ]);
  const members = count?.members ?? 0;
  // The probe read the whole company.
  if (members <= PROBE_ROWS) return page(probe);
  if (probe.length * BROAD_SHARE >= PROBE_ROWS) {
    const budget = need * WALK_ROWS_PER_MATCH;
    const ids = await walkByName(db, ofCompany, search, budget, need);
    // All it needs, or the whole company walked: the answer. Else the term was not so broad.
    if (ids.length === need || members <= budget) return page(ids);
  }
  return matchByIndex(db, ofCompany, search, offset);
}
