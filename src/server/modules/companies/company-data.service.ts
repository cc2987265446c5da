import {
  type CompanyData,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type UpdateCompanyData,
  type UpdateUserData,
} from "@shared/company-data.schema";
import { saoPauloDate } from "@shared/dates";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { deleteFile, readFile, storeFile } from "../files/files.service";
import { type CompanyRow, findCompany, findPublicCompany } from "./companies.queries";
import {
  type CompanyDetails,
  lockCompany,
  saveCompanyDetails,
  saveCompanyLogoUrl,
} from "./companies.service";

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
  brandColor: c.brandColor,
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
  const row = await findCompany(db, companyId);
  if (!row) throw new AppError("not_found", 404, "Company not found");
  return row;
}

export async function getCompanyData(db: Db, actor: CompanyActor): Promise<CompanyData> {
  return toCompanyData(await companyRow(db, actor.companyId));
}

async function updateCompany(
  db: Db,
  actor: CompanyActor,
  values: CompanyDetails,
): Promise<CompanyData> {
  const row = await saveCompanyDetails(db, actor.companyId, values);
  if (!row) throw new AppError("not_found", 404, "Company not found");
  return toCompanyData(row);
}

/** City, state and sector (what interests match on) change at most once in this many days. */
export const LOCATION_CHANGE_INTERVAL_DAYS = 30;

/** As interests match a city: case, accents and outer spaces do not count. */
const placeKey = (value: string | null | undefined) =>
  (value ?? "").normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

/**
 * Whether the input changes the company's city, state or sector. Filling one that was missing is
 * not a change, nor is a different spelling of the same city ('sao paulo' for 'São Paulo').
 */
function changesLocation(row: CompanyRow, input: UpdateCompanyData): boolean {
  const changed = (before: string | null, after: string) =>
    placeKey(before) !== "" && placeKey(before) !== placeKey(after);
  return (
    changed(row.city, input.city) ||
    changed(row.state, input.state) ||
    changed(row.sector, input.sector)
  );
}

/**
 * /dados-empresa: the company's fields and social links. The city, state and sector may change
 * once in LOCATION_CHANGE_INTERVAL_DAYS (interests are matched on them): a second change sooner is
 * 409 `location_change_too_soon`, with the day it becomes possible (`fields.date`, YYYY-MM-DD).
 */
export async function updateCompanyData(
  db: Db,
  actor: CompanyActor,
  input: UpdateCompanyData,
): Promise<CompanyData> {
  const { tradeName, brandColor, ...rest } = input;
  return db.transaction(async (tx) => {
    const current = await lockCompany(tx, actor.companyId);
    if (!current) throw new AppError("not_found", 404, "Company not found");
    const moves = changesLocation(current, input);
    if (moves && current.locationChangedAt) {
      const next = new Date(
        current.locationChangedAt.getTime() + LOCATION_CHANGE_INTERVAL_DAYS * 24 * 60 * 60 * 1000,
      );
      if (next > new Date()) {
        const day = saoPauloDate(next);
        throw new AppError(
          "location_change_too_soon",
          409,
          `City, state and sector change at most once every ${LOCATION_CHANGE_INTERVAL_DAYS} days; the next change is possible from ${day}.`,
          { date: day },
        );
      }
    }
    return updateCompany(tx, actor, {
      tradeName,
      ...nullEmpty(rest),
      // Left out: unchanged; empty or null: back to the default colour.
      ...(brandColor === undefined ? {} : { brandColor: brandColor || null }),
      ...(moves ? { locationChangedAt: new Date() } : {}),
    });
  });
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
  return db.transaction(async (tx) => {
    const current = await lockCompany(tx, actor.companyId);
    if (!current) throw new AppError("not_found", 404, "Company not found");
    const fileId = await storeFile(tx, {
      companyId: actor.companyId,
      uploadedBy: actor.userId,
      bytes,
      allowed: [...LOGO_TYPES],
      maxBytes: LOGO_MAX_BYTES,
    });
    const logoUrl = logoUrlOf(actor.companyId, fileId);
    await saveCompanyLogoUrl(tx, actor.companyId, logoUrl);
    const previous = logoFileId(actor.companyId, current.logoUrl);
    if (previous) await deleteFile(tx, actor.companyId, previous);
    return { logoUrl };
  });
}

/** A company's current logo (public: customers see it), or null. */
export async function findLogo(db: Db, companyId: string) {
  const row = await findPublicCompany(db, companyId);
  const fileId = logoFileId(companyId, row?.logoUrl ?? null);
  if (!fileId) return null;
  const file = await readFile(db, fileId);
  // Only a file of this company is ever served under its URL.
  if (!file || file.companyId !== companyId) return null;
  return file;
}
