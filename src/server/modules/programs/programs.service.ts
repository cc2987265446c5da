import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { CreateProgram, Program } from "../../../shared/loyalty.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { programs } from "./programs.table";

type ProgramRow = typeof programs.$inferSelect;

const toProgram = (p: ProgramRow): Program => ({
  id: p.id,
  name: p.name,
  stampsRequired: p.stampsRequired,
  reward: p.reward,
  description: p.description,
  isDefault: p.isDefault,
  createdAt: p.createdAt.toISOString(),
});

/** The programme every company gets at sign-up: its default maximum of stamps. */
export async function createDefaultProgram(db: Db, companyId: string, stampsRequired: number) {
  await db.insert(programs).values({
    id: randomUUID(),
    companyId,
    name: "Cartão Fidelidade",
    stampsRequired,
    reward: "Recompensa da casa",
    description: "",
    isDefault: true,
  });
}

export async function listPrograms(db: Db, companyId: string): Promise<Program[]> {
  const rows = await db
    .select()
    .from(programs)
    .where(eq(programs.companyId, companyId))
    .orderBy(desc(programs.isDefault), asc(programs.createdAt));
  return rows.map(toProgram);
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
