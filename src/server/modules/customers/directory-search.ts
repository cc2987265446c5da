import { CUSTOMER_SEARCH_COUNT_CAP, CUSTOMERS_PAGE_SIZE } from "@shared/customers.schema";
import { and, eq, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
export const PROBE_ROWS = 200;
const BROAD_SHARE = 4;
/** A broad term's walk reads at most this many members per match it needs. */
export const WALK_ROWS_PER_MATCH = 8;
/** Matches the trigram index hands over to be sorted; a term with more is paged by name. */
const SEARCH_SORT_ROWS = 5000;

type Found = { ids: string[]; total: number };

/** The company's members who have not left: every statement of the search starts from this. */
export const membersOf = (companyId: string) =>
  and(eq(memberships.companyId, companyId), ne(memberships.status, "left"))!;

/**
 * The company's members (`ofCompany`) in name order, the first `rows` of them, keeping those that
 * match, up to `hits`: a walk of memberships_company_sort_idx that stops as soon as it has them.
 */
export const walkByNameSql = (ofCompany: SQL, search: SQL, rows: number, hits: number) => sql`
  select id from (
    select ${memberships.id} as id, ${memberships.sortName} as sort_name, ${search} as hit
    from ${memberships} where ${ofCompany}
    order by ${memberships.sortName}, ${memberships.id}
    limit ${rows}
  ) w
  where hit order by sort_name, id limit ${hits}`;

/**
 * The matches through the company's trigram index (memberships_company_search_trgm_idx on
 * PostgreSQL), up to SEARCH_SORT_ROWS of them, counted, and the page of them sorted by name;
 * materialized, so the matches are read once.
 */
export const matchesSql = (ofCompany: SQL, search: SQL, offset: number) => sql`
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
  ) p on true`;

/** The page of a term with more matches than SEARCH_SORT_ROWS: the name order, walked. */
export const pageByNameSql = (ofCompany: SQL, search: SQL, offset: number) => sql`
  select ${memberships.id} as id from ${memberships} where ${and(ofCompany, search)}
  order by ${memberships.sortName}, ${memberships.id}
  limit ${CUSTOMERS_PAGE_SIZE} offset ${offset}`;

/**
 * The search's statements run with sequential scans off: the table's statistics are every
 * company's, and a term most other companies' members match (a city's phone prefix) made reading
 * the whole table look cheap (decision 020). Every statement has an index that starts with the
 * company, so the planner picks among those: what the company alone would read. The walks also
 * run without sorts: alone, reading all of a company's members and sorting them looks cheaper
 * than walking 8,000 of them in name order, though the walk stops at its first thousand matches.
 */
export const SEARCH_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('enable_sort', 'off', true)`;
/** What the trigram index's statements run with: sorts again (their matches' page is sorted). */
export const INDEX_SETTINGS = sql`select set_config('enable_sort', 'on', true)`;

const idsOf = async (db: Db, query: SQL) =>
  (await db.execute<{ id: string }>(query)).rows.map((r) => r.id);

/**
 * The page at `offset` of the company's members (not left) matching `search`, by name, and their
 * number, exact up to CUSTOMER_SEARCH_COUNT_CAP (a total above it means "more than that").
 *
 * The first PROBE_ROWS members in name order are tried first. A term most members match ('a',
 * '@gmail.com', a city's phone prefix in a company of that city) is broad: the page and the count
 * come from walking the name order, which finds them within a few thousand members, however many
 * members and other companies there are (the trigram index would hand over every match). A
 * narrower term goes through the trigram index; with more than SEARCH_SORT_ROWS matches its page
 * is walked by name too. A company no bigger than the probe is answered by it.
 */
export async function searchCompanyMembers(
  db: Db,
  companyId: string,
  search: SQL,
  offset: number,
): Promise<Found> {
  const ofCompany = membersOf(companyId);
  const need = Math.max(CUSTOMER_SEARCH_COUNT_CAP + 1, offset + CUSTOMERS_PAGE_SIZE);
  const page = (ids: string[]) => ({
    total: ids.length,
    ids: ids.slice(offset, offset + CUSTOMERS_PAGE_SIZE),
  });
  return db.transaction(async (tx): Promise<Found> => {
    await tx.execute(SEARCH_SETTINGS);
    const [count] = await tx
      .select({ members: companyMemberCounts.members })
      .from(companyMemberCounts)
      .where(eq(companyMemberCounts.companyId, companyId));
    const members = count?.members ?? 0;
    const probe = await idsOf(tx, walkByNameSql(ofCompany, search, PROBE_ROWS, PROBE_ROWS));
    // The probe read the whole company.
    if (members <= PROBE_ROWS) return page(probe);
    if (probe.length * BROAD_SHARE >= PROBE_ROWS) {
      const budget = need * WALK_ROWS_PER_MATCH;
      const ids = await idsOf(tx, walkByNameSql(ofCompany, search, budget, need));
      // All it needs, or the whole company walked: the answer. Else the term was not so broad.
      if (ids.length === need || members <= budget) return page(ids);
    }
    await tx.execute(INDEX_SETTINGS);
    const matches = await tx.execute<{ id: string | null; total: number }>(
      matchesSql(ofCompany, search, offset),
    );
    const total = Number(matches.rows[0]?.total ?? 0);
    if (total <= SEARCH_SORT_ROWS)
      return { total, ids: matches.rows.flatMap((r) => (r.id ? [r.id] : [])) };
    return { total, ids: await idsOf(tx, pageByNameSql(ofCompany, search, offset)) };
  });
}
