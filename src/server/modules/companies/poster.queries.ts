import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { programs } from "../programs/programs.table";
import { companies } from "./companies.table";

/**
 * The poster's read model ('Baixar cartaz'): the company's name, colour and logo, its owner's
 * language, and the programme a customer joins through its link (the default one, unless archived).
 * Read here rather than through programs.queries.ts: the programs module already reads the
 * companies module, and two modules never import each other (src/architecture.test.ts).
 */
export type PosterSubject = {
  tradeName: string;
  brandColor: string | null;
  logoUrl: string | null;
  /** The owner's language (null: not chosen, Portuguese). */
  language: "pt" | "en" | null;
  /** Null when the company has no default programme to advertise. */
  program: { stampsRequired: number; reward: string } | null;
};

export async function findPosterSubject(db: Db, companyId: string): Promise<PosterSubject | null> {
  const [row] = await db
    .select({
      tradeName: companies.tradeName,
      brandColor: companies.brandColor,
      logoUrl: companies.logoUrl,
      language: profiles.language,
      stampsRequired: programs.stampsRequired,
      reward: programs.reward,
    })
    .from(companies)
    .leftJoin(profiles, eq(profiles.id, companies.ownerId))
    .leftJoin(
      programs,
      and(
        eq(programs.companyId, companies.id),
        eq(programs.isDefault, true),
        isNull(programs.archivedAt),
      ),
    )
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  const { stampsRequired, reward, ...company } = row;
  return {
    ...company,
    program: stampsRequired != null && reward != null ? { stampsRequired, reward } : null,
  };
}
