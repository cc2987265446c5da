import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerMessages } from "./messages.table";

/** A member who left (issue 34): their messages with that company, and the answers, go. */
export async function deleteMemberMessages(tx: Db, companyId: string, customerId: string) {
  await tx
    .delete(customerMessages)
    .where(
      and(eq(customerMessages.companyId, companyId), eq(customerMessages.customerId, customerId)),
    );
}
