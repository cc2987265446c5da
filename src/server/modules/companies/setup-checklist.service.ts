import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "./companies.table";

/**
 * 'Ocultar lista' on the dashboard's 'Primeiros passos' (and its 'Desfazer'): the list is hidden
 * for the whole company from the first dismissal (a repeat keeps that date) until shown again.
 */
export async function setSetupChecklistDismissed(
  db: Db,
  companyId: string,
  dismissed: boolean,
): Promise<void> {
  await db
    .update(companies)
    .set({
      setupChecklistDismissedAt: dismissed
        ? sql`coalesce(${companies.setupChecklistDismissedAt}, now())`
        : null,
    })
    .where(eq(companies.id, companyId));
}
