import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { birthdayGifts } from "./birthdays.table";

/** A member who left (issue 34): the record of their birthday gifts there goes (the stamps stay, anonymous). */
export async function deleteMemberGifts(tx: Db, companyId: string, customerId: string) {
  await tx
    .delete(birthdayGifts)
    .where(and(eq(birthdayGifts.companyId, companyId), eq(birthdayGifts.customerId, customerId)));
}
