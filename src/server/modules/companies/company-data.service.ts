import { eq } from "drizzle-orm";
import {
  type CompanyData,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type UpdateCompanyData,
  type UpdateUserData,
} from "../../../shared/company-data.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { deleteFile, readFile, storeFile } from "../files/files.service";
import { companies } from "./companies.table";

type CompanyRow = typeof companies.$inferSelect;

const toCompanyData = (c: CompanyRow): CompanyData => ({
  id: c.id,
  tradeName: c.tradeName,
  email: c.email,
  phone: c.phone,
  whatsapp: c.whatsapp,
  website: c.website,
  city: c.city,
  state: c.state,
  sector: c.sector,
  summary: c.summary,
  instagram: c.instagram,
  facebook: c.facebook,
  linkedin: c.linkedin,
  youtube: c.youtube,
  tiktok: c.tiktok,
  x: c.x,
  googleReviewUrl: c.googleReviewUrl,
  logoUrl: c.logoUrl,
  updatedAt: c.updatedAt.toISOString(),
});

/** An empty text clears the column. */
const orNull = (value: string) => (value === "" ? null : value);

function nullEmpty<T extends Record<string, string>>(input: T) {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, orNull(value)])) as {
    [K in keyof T]: string | null;
  };
}

async function companyRow(db: Db, companyId: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw new AppError("not_found", 404, "Empresa não encontrada");
  return row;
}

export async function getCompanyData(db: Db, actor: CompanyActor): Promise<CompanyData> {
  return toCompanyData(await companyRow(db, actor.companyId));
}

async function updateCompany(
  db: Db,
  actor: CompanyActor,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyData> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, actor.companyId))
    .returning();
  if (!row) throw new AppError("not_found", 404, "Empresa não encontrada");
  return toCompanyData(row);
}

/** /dados-empresa: the company's fields and social links. */
export async function updateCompanyData(
  db: Db,
  actor: CompanyActor,
  input: UpdateCompanyData,
): Promise<CompanyData> {
  const { tradeName, ...rest } = input;
  return updateCompany(db, actor, { tradeName, ...nullEmpty(rest) });
}

/** /dados-usuario: company name, social links and Google review link (spec section 7). */
export async function updateUserData(
  db: Db,
  actor: CompanyActor,
  input: UpdateUserData,
): Promise<CompanyData> {
  const { tradeName, ...rest } = input;
  return updateCompany(db, actor, { tradeName, ...nullEmpty(rest) });
}

/** The URL a logo is served at; `v` (the file id) changes with every upload, so it caches forever. */
export const logoUrlOf = (companyId: string, fileId: string) =>
  `/api/companies/${companyId}/logo?v=${fileId}`;

/** The file behind a company's logoUrl, when it is one this app serves. */
function logoFileId(companyId: string, logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  const prefix = `/api/companies/${companyId}/logo?v=`;
  return logoUrl.startsWith(prefix) ? logoUrl.slice(prefix.length) || null : null;
}

/**
 * Stores a new logo (JPG, PNG or GIF up to 2 MB, type read from the bytes), points the company at
 * it and removes the one it replaces, in one transaction (the row lock orders concurrent uploads).
 */
export async function replaceLogo(
  db: Db,
  actor: CompanyActor,
  bytes: Uint8Array,
): Promise<{ logoUrl: string }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [current] = await tx
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, actor.companyId))
      .for("update");
    if (!current) throw new AppError("not_found", 404, "Empresa não encontrada");
    const fileId = await storeFile(tx, {
      companyId: actor.companyId,
      uploadedBy: actor.userId,
      bytes,
      allowed: [...LOGO_TYPES],
      maxBytes: LOGO_MAX_BYTES,
    });
    const logoUrl = logoUrlOf(actor.companyId, fileId);
    await tx
      .update(companies)
      .set({ logoUrl, updatedAt: new Date() })
      .where(eq(companies.id, actor.companyId));
    const previous = logoFileId(actor.companyId, current.logoUrl);
    if (previous) await deleteFile(tx, actor.companyId, previous);
    return { logoUrl };
  });
}

/** A company's current logo (public: customers see it), or null. */
export async function findLogo(db: Db, companyId: string) {
  const [row] = await db
    .select({ logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const fileId = logoFileId(companyId, row?.logoUrl ?? null);
  if (!fileId) return null;
  const file = await readFile(db, fileId);
  // Only a file of this company is ever served under its URL.
  if (!file || file.companyId !== companyId) return null;
  return file;
}
