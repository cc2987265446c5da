import type { MemberRole } from "@shared/team.schema";
import type { Db, Tx } from "../../db/client";
import { companyMembers } from "./team.table";

/** The team module's writes: members, invitations to the team, locations. */

export async function addMember(
  tx: Db | Tx,
  member: { companyId: string; userId: string; role: MemberRole; locationId?: string | null },
) {
  const id = crypto.randomUUID();
  await tx.insert(companyMembers).values({ id, ...member });
  return id;
}
