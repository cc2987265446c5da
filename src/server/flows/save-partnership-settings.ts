/**
 * 'Parceria atualizada!' (flow: decision 022): the company's partnership switch and description
 * are the company's own columns (companies), and the answer is the /parceria overview
 * (partnerships), in one transaction opened here.
 */
import type { PartnershipOverview, PartnershipSettings } from "@shared/partnerships.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { saveCompanyPartnershipSettings } from "../modules/companies/companies.service";
import { getOverview } from "../modules/partnerships/partnerships.service";

export function savePartnershipSettings(
  db: Db,
  actor: CompanyActor,
  input: PartnershipSettings,
): Promise<PartnershipOverview> {
  return db.transaction(async (tx) => {
    await saveCompanyPartnershipSettings(tx, actor.companyId, {
      partnershipEnabled: input.enabled,
      partnershipDescription: input.description,
    });
    return getOverview(tx, actor);
  });
}
