import type { PrivacyRequestRow } from "@shared/privacy.schema";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { privacyRequestCompanies, privacyRequests } from "./privacy.table";

/** The newest requests 'Pedidos de titulares' lists. */
const PRIVACY_REQUESTS_LIMIT = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * 'Pedidos de titulares': the data subjects' requests that touched the company (a member who
 * left its programme, an account deleted while a member), newest first. Kinds, states and dates
 * only: never who asked.
 */
export async function listCompanyPrivacyRequests(
  db: Db,
  companyId: string,
): Promise<PrivacyRequestRow[]> {
  const rows = await db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      state: privacyRequests.state,
      requestedAt: privacyRequests.requestedAt,
      dueAt: privacyRequests.dueAt,
      completedAt: privacyRequests.completedAt,
      cancelledAt: privacyRequests.cancelledAt,
    })
    .from(privacyRequestCompanies)
    .innerJoin(privacyRequests, eq(privacyRequests.id, privacyRequestCompanies.requestId))
    .where(eq(privacyRequestCompanies.companyId, companyId))
    .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id))
    .limit(PRIVACY_REQUESTS_LIMIT);
  return rows.map((r) => ({
    ...r,
    requestedAt: r.requestedAt.toISOString(),
    dueAt: iso(r.dueAt),
    completedAt: iso(r.completedAt),
    cancelledAt: iso(r.cancelledAt),
  }));
}
