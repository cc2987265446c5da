import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { CreateProgram, Program, UpdateProgram } from "../../../shared/programs.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { programs } from "./programs.table";

export type ProgramRow = typeof programs.$inferSelect;

/** The default programme's texts (the server stores text: the company renames it on /cartoes). */
export const DEFAULT_PROGRAM_NAME = "Cartão Fidelidade";
export const DEFAULT_PROGRAM_REWARD = "Recompensa da casa";

const toProgram = (p: ProgramRow, openCards = 0): Program => ({
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

const notFound = () => new AppError("not_found", 404, "Cartão não encontrado");

/** The programme every company gets at sign-up: as many stamps as its `max_carimbos_padrao`. */
export async function createDefaultProgram(db: Db, companyId: string) {
  const [company] = await db
    .select({ defaultMaxStamps: companies.defaultMaxStamps })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("not_found", 404, "Empresa não encontrada");
  await db.insert(programs).values({
    id: randomUUID(),
    companyId,
    name: DEFAULT_PROGRAM_NAME,
    stampsRequired: company.defaultMaxStamps,
    reward: DEFAULT_PROGRAM_REWARD,
    description: "",
    isDefault: true,
  });
}

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
  if (!program) throw notFound();
  return program;
}

/** A programme row of the company, or 404. */
export async function findProgram(
  db: Db,
  companyId: string,
  programId: string,
): Promise<ProgramRow> {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createProgram(
  db: Db,
  companyId: string,
  input: CreateProgram,
): Promise<Program> {
  const [row] = await db
    .insert(programs)
    .values({ id: randomUUID(), companyId, ...input, isDefault: false })
    .returning();
  return toProgram(row!);
}

/** Name, size, reward and description; cards already open keep the size and reward they opened with. */
export async function updateProgram(
  db: Db,
  companyId: string,
  programId: string,
  input: UpdateProgram,
): Promise<Program> {
  const updated = await db
    .update(programs)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(programs.id, programId), eq(programs.companyId, companyId)))
    .returning({ id: programs.id });
  if (updated.length === 0) throw notFound();
  return getProgram(db, companyId, programId);
}

/** Archives a programme (it opens no new cards; its open cards go on). The default cannot be. */
export async function archiveProgram(
  db: Db,
  companyId: string,
  programId: string,
): Promise<Program> {
  const updated = await db
    .update(programs)
    .set({ archivedAt: sql`coalesce(${programs.archivedAt}, now())`, updatedAt: sql`now()` })
    .where(
      and(
        eq(programs.id, programId),
        eq(programs.companyId, companyId),
        eq(programs.isDefault, false),
      ),
    )
    .returning({ id: programs.id });
  if (updated.length === 0) {
    const program = await findProgram(db, companyId, programId);
    if (program.isDefault) {
      throw new AppError(
        "program_is_default",
        409,
        "O cartão padrão não pode ser arquivado: escolha outro cartão padrão antes.",
      );
    }
    throw notFound();
  }
  return getProgram(db, companyId, programId);
}

/** Brings an archived programme back: it opens new cards again. */
export async function restoreProgram(
  db: Db,
  companyId: string,
  programId: string,
): Promise<Program> {
  const updated = await db
    .update(programs)
    .set({ archivedAt: null, updatedAt: sql`now()` })
    .where(and(eq(programs.id, programId), eq(programs.companyId, companyId)))
    .returning({ id: programs.id });
  if (updated.length === 0) throw notFound();
  return getProgram(db, companyId, programId);
}

/**
 * Makes a (not archived) programme the one new members join. One transaction: the old default is
 * cleared first, then the new one set, so the one-default-per-company index always holds.
 */
export async function setDefaultProgram(
  db: Db,
  companyId: string,
  programId: string,
): Promise<Program> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Locks the company's programmes: two concurrent switches queue instead of colliding.
    const rows = await tx
      .select({ id: programs.id, archivedAt: programs.archivedAt })
      .from(programs)
      .where(eq(programs.companyId, companyId))
      .orderBy(asc(programs.id))
      .for("update");
    const target = rows.find((r) => r.id === programId);
    if (!target) throw notFound();
    if (target.archivedAt) {
      throw new AppError(
        "program_archived",
        409,
        "Este cartão está arquivado: reative-o antes de usá-lo.",
      );
    }
    await tx
      .update(programs)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(programs.companyId, companyId),
          eq(programs.isDefault, true),
          ne(programs.id, programId),
        ),
      );
    await tx
      .update(programs)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(programs.id, programId), eq(programs.isDefault, false)));
  });
  return getProgram(db, companyId, programId);
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
