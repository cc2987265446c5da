import type { Program } from "@shared/programs.schema";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { loyaltyCards } from "../cards/cards.table";
import { programs } from "./programs.table";

/**
 * The programmes' read model: the company's programmes with how many cards each has open (read
 * only; the writes are in programs.service.ts).
 */

type ProgramRow = typeof programs.$inferSelect;

export const toProgram = (p: ProgramRow, openCards = 0): Program => ({
  id: p.id,
  name: p.name,
  stampsRequired: p.stampsRequired,
  reward: p.reward,
  description: p.description,
  isDefault: p.isDefault,
  archivedAt: p.archivedAt ? p.archivedAt.toISOString() : null,
  openCards,
  createdAt: p.createdAt.toISOString(),
});

/** The company's programmes: the default first, then the others, the archived ones last. */
export async function listPrograms(db: Db, companyId: string): Promise<Program[]> {
  const openCards = db
    .select({
      programId: loyaltyCards.programId,
      total: sql<number>`count(*)::int`.as("total"),
    })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.companyId, companyId), ne(loyaltyCards.status, "redeemed")))
    .groupBy(loyaltyCards.programId)
    .as("open_cards");
  const rows = await db
    .select({ program: programs, openCards: openCards.total })
    .from(programs)
    .leftJoin(openCards, eq(openCards.programId, programs.id))
    .where(eq(programs.companyId, companyId))
    .orderBy(
      desc(programs.isDefault),
      sql`${programs.archivedAt} is not null`,
      asc(programs.createdAt),
      asc(programs.id),
    );
  return rows.map((r) => toProgram(r.program, r.openCards ?? 0));
}

/** One programme of the company (with its open cards), or 404: an id never grants access by itself. */
export async function getProgram(db: Db, companyId: string, programId: string): Promise<Program> {
  const program = (await listPrograms(db, companyId)).find((p) => p.id === programId);
  if (!program) throw new AppError("not_found", 404, "Card not found");
  return program;
}

/** The programme a customer joins through the company's link. */
export async function findDefaultProgram(db: Db, companyId: string): Promise<ProgramRow> {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.companyId, companyId), eq(programs.isDefault, true)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "The company has no default programme");
  return row;
}
