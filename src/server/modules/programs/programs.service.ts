import { randomUUID } from "node:crypto";
import type { CreateProgram, Program, UpdateProgram } from "@shared/programs.schema";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { findCompany } from "../companies/companies.queries";
import { getProgram, toProgram } from "./programs.queries";
import { programs } from "./programs.table";

export type ProgramRow = typeof programs.$inferSelect;

/** The default programme's texts (the server stores text: the company renames it on /cartoes). */
export const DEFAULT_PROGRAM_NAME = "Cartão Fidelidade";

export const DEFAULT_PROGRAM_REWARD = "Recompensa da casa";

const notFound = () => new AppError("not_found", 404, "Card not found");

/** The programme every company gets at sign-up: as many stamps as its `max_carimbos_padrao`. */
export async function createDefaultProgram(db: Db, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
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
        "The default programme cannot be archived: make another programme the default first.",
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
  await db.transaction(async (tx) => {
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
        "The programme is archived: reactivate it before using it.",
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

/** Copies a company's programmes (not archived) into another (a sandbox: issue 33). */
export async function copyPrograms(db: Db, fromCompanyId: string, toCompanyId: string) {
  const rows = await db
    .select()
    .from(programs)
    .where(and(eq(programs.companyId, fromCompanyId), isNull(programs.archivedAt)));
  if (rows.length === 0) return;
  await db.insert(programs).values(
    rows.map((row) => ({
      ...row,
      id: randomUUID(),
      companyId: toCompanyId,
      createdAt: new Date(),
    })),
  );
}
