/**
 * Taking a member out of a company's team (flow: decision 022): in one transaction, the membership
 * deleted (team) and every session of that account ended (auth), so their next request is 401.
 */
import type { Db } from "../db/client";
import { endAllSessions } from "../modules/auth/users.service";
import { removeMember } from "../modules/team/team.service";

export async function removeTeamMember(db: Db, companyId: string, memberId: string) {
  await db.transaction(async (tx) => {
    const userId = await removeMember(tx, companyId, memberId);
    await endAllSessions(tx, userId);
  });
}
