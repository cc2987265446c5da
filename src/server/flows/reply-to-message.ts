/**
 * A company answers a customer's message (flow: decision 022): the answer (messages) and the
 * e-mail that tells the customer (notifications, under their switch) in one transaction.
 */
import type { ConversationMessage } from "@shared/messages.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { replyToMessage } from "../modules/messages/messages.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";

export async function replyToCustomer(
  { db, appUrl }: { db: Db; appUrl: string },
  actor: CompanyActor,
  messageId: string,
  body: string,
): Promise<ConversationMessage> {
  return db.transaction(async (tx) => {
    const answer = await replyToMessage(tx, actor, messageId, body);
    await queueCustomerEmail(tx, appUrl, {
      kind: "reply",
      customerId: answer.customerId,
      companyId: answer.companyId,
      quote: answer.body,
    });
    return answer;
  });
}
