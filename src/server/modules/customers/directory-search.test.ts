import { CUSTOMER_SEARCH_COUNT_CAP } from "@shared/customers.schema";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCustomers } from "../../../../scripts/seed-customers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEnv } from "../../test/test-env";
import {
  INDEX_SETTINGS,
  matchesSql,
  membersOf,
  PROBE_ROWS,
  pageByNameSql,
  SEARCH_SETTINGS,
  searchCondition,
  WALK_ROWS_PER_MATCH,
  walkByNameSql,
} from "./directory-search";

/**
 * The shape of the /clientes search's plans on PostgreSQL (decision 040): each statement reads
 * the company's members through an index that starts with the company, never the whole table,
 * whatever the planner's statistics of the other companies say. Its cost then stays what the
 * company alone costs among a thousand companies (measured by `npm run bench:scale`, not here).
 * The company's indexes are PostgreSQL's (btree_gin): on PGlite the search keeps the trigram
 * index of all companies, so this runs only with TEST_DATABASE_URL.
 */

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

/** The indexes of memberships that start with the company. */
const COMPANY_FIRST = [
  "memberships_company_sort_idx",
  "memberships_company_search_trgm_idx",
  "memberships_company_customer_unique",
  "memberships_company_joined_idx",
  "memberships_company_birthday_idx",
];

/** The searched terms of scripts/bench-customers.ts: names, e-mails, phones, short, none. */
const TERMS: { term: string; page?: number }[] = [
  { term: "joão" },
  { term: "joao" },
  { term: "Conceição" },
  { term: "guimaraes" },
  { term: "maria silva" },
  { term: "silva", page: 10 },
  { term: "fabio.magalhaes" },
  { term: "@exemplo.com" },
  { term: "98765" },
  { term: "(11) 9" },
  { term: "a" },
  { term: "jo" },
  { term: "zq" },
  { term: "xyzwq" },
];

let t: TestApp;
let companyId: string;

describe.skipIf(!testEnv.TEST_DATABASE_URL)("the /clientes search's plans", () => {
  beforeAll(async () => {
    t = await createTestApp();
    // The company, and three others whose members are mostly like its members.
    const [target, ...others] = await Promise.all(
      ["alvo", "outra1", "outra2", "outra3"].map((name) =>
        t.companySession({ companyName: `Plano ${name}`, email: `${name}@example.com` }),
      ),
    );
    companyId = target!.companyId;
    for (const company of [target!, ...others]) await seedCustomers(t.db, company.companyId, 400);
    await t.db.execute(sql`analyze`);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The plan's nodes that read memberships, as "node type (index)". */
  async function membershipReads(statement: SQL, byIndex = false): Promise<string[]> {
    return t.db.transaction(async (tx) => {
      await tx.execute(SEARCH_SETTINGS);
      if (byIndex) await tx.execute(INDEX_SETTINGS);
      const result = await tx.execute<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
        sql`explain (format json) ${statement}`,
      );
      const reads: string[] = [];
      const walk = (node: PlanNode) => {
        const index = node["Index Name"];
        if (node["Relation Name"] === "memberships" || index?.startsWith("memberships"))
          reads.push(index ? `${node["Node Type"]} (${index})` : node["Node Type"]);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(result.rows[0]!["QUERY PLAN"][0]!.Plan);
      return reads;
    });
  }

  it.each(TERMS.filter((term) => term.term))(
    "'$term': every statement reads the company's members by a company-first index",
    async ({ term, page = 1 }) => {
      const ofCompany = membersOf(companyId);
      const search = searchCondition(term)!;
      const offset = (page - 1) * 20;
      const need = Math.max(CUSTOMER_SEARCH_COUNT_CAP + 1, offset + 20);
      const statements: [SQL, boolean][] = [
        [walkByNameSql(ofCompany, search, PROBE_ROWS, PROBE_ROWS), false],
        [walkByNameSql(ofCompany, search, need * WALK_ROWS_PER_MATCH, need), false],
        [matchesSql(ofCompany, search, offset), true],
        [pageByNameSql(ofCompany, search, offset), true],
      ];
      for (const [statement, byIndex] of statements) {
        const reads = await membershipReads(statement, byIndex);
        expect(reads.length).toBeGreaterThan(0);
        for (const read of reads) {
          expect(read).not.toMatch(/Seq Scan/);
          // A bitmap heap scan names no index: its bitmap index scan does.
          if (read.includes("(")) expect(COMPANY_FIRST).toContain(read.match(/\((.*)\)/)![1]);
        }
      }
    },
  );

  it("the walks go by name through the company's name index, and stop at their matches", async () => {
    const search = searchCondition("@exemplo")!;
    for (const rows of [PROBE_ROWS, 1001 * WALK_ROWS_PER_MATCH]) {
      const statement = walkByNameSql(membersOf(companyId), search, rows, 1001);
      expect(await membershipReads(statement)).toEqual([
        "Index Scan (memberships_company_sort_idx)",
      ]);
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(SEARCH_SETTINGS);
        return JSON.stringify((await tx.execute(sql`explain (format json) ${statement}`)).rows[0]);
      });
      // No sort above the walk: it hands over its first matches as it finds them.
      expect(plan).not.toContain('"Sort"');
    }
  });
});
