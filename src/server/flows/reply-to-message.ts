/**
 * A company answers a customer's message (flow: decision 022): the answer (messages), the
 * e-mail that tells the customer (notifications, under their switch) and the push notice to their
 * devices that switched replies on (push), in one transaction.
 */
import { type ConversationMessage, preview } from "@shared/messages.schema";
import { PUSH_QUOTE_LENGTH } from "@shared/push.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { replyToMessage } from "../modules/messages/messages.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";
import { queueCustomerPush } from "../modules/push/push.service";

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
    await queueCustomerPush(tx, answer.customerId, "reply", {
      companyId: answer.companyId,
      quote: preview(answer.body, PUSH_QUOTE_LENGTH),
      url: `/dashboard-cliente-cartao-fidelidade/${answer.companyId}`,
    });
    return answer;
  });
}
