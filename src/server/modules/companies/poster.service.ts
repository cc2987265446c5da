import { companyJoinPath, companyShortPath } from "@shared/company-links";
import { toLocale } from "@shared/languages";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { companies } from "./companies.table";
import { findLogo } from "./company-data.service";
import { findPosterSubject } from "./poster.queries";
import { renderPosterPdf } from "./poster-pdf";

/** 'Café São João' -> 'cafe-sao-joao' (the PDF's file name); 'empresa' when nothing is left. */
const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "empresa";

export type Poster = {
  bytes: Uint8Array;
  fileName: string;
  /** 'included'; 'unsupported' for a logo the PDF cannot hold (GIF, WebP); 'none' without one. */
  logo: "included" | "unsupported" | "none";
};

/**
 * The company's poster ('Baixar cartaz'): the A4 poster and A6 table card of its default
 * programme, its QR code holding the same join link as the dashboard's. Records the download
 * (`poster_downloaded_at`, the setup checklist's tick). 409 `poster_program_required` when the
 * company has no programme to advertise.
 */
export async function makePoster(db: Db, actor: CompanyActor, appUrl: string): Promise<Poster> {
  const subject = await findPosterSubject(db, actor.companyId);
  if (!subject) throw new AppError("not_found", 404, "Company not found");
  if (!subject.program) {
    throw new AppError(
      "poster_program_required",
      409,
      "Create a loyalty card (a default programme) before downloading the poster.",
    );
  }
  const logoFile = subject.logoUrl ? await findLogo(db, actor.companyId) : null;
  const { bytes, logo } = await renderPosterPdf({
    tradeName: subject.tradeName,
    brandColor: subject.brandColor,
    logo: logoFile ? new Uint8Array(logoFile.data) : null,
    stampsRequired: subject.program.stampsRequired,
    reward: subject.program.reward,
    joinUrl: `${appUrl}${companyJoinPath(actor.companyId)}`,
    shortLink: `${appUrl.replace(/^https?:\/\//, "")}${companyShortPath(actor.companyId)}`,
    locale: toLocale(subject.language),
  });
  await db
    .update(companies)
    .set({ posterDownloadedAt: sql`now()` })
    .where(eq(companies.id, actor.companyId));
  return {
    bytes,
    fileName: `cartaz-${slug(subject.tradeName)}.pdf`,
    logo: logo ? "included" : logoFile ? "unsupported" : "none",
  };
}
