/**
 * A customer's message to a company (flow: decision 022): the message (messages) and, with IA
 * Suprema on, its answer queued (assistant) in one transaction, opened here.
 */
import type { ConversationMessage, SendMessage } from "@shared/messages.schema";
import { MESSAGE_RATE_LIMIT, preview } from "@shared/messages.schema";
import { PUSH_QUOTE_LENGTH } from "@shared/push.schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { CustomerActor } from "../middleware/actor";
import { queueAssistantReply } from "../modules/assistant/assistant-queue";
import { findPublicCompany } from "../modules/companies/companies.queries";
import { writeCustomerMessage } from "../modules/messages/messages.service";
import { assertCompanyOpen } from "../modules/privacy/company-closure.queries";
import { queueCompanyPush } from "../modules/push/push.service";
import { hitRateLimit } from "../rate-limits";

/**
 * A signed-in customer writes to a company that exists (404 otherwise), at most
 * MESSAGE_RATE_LIMIT.max messages per window (429). The message is pending until answered.
 */
export async function sendMessage(
  db: Db,
  actor: CustomerActor,
  input: SendMessage,
): Promise<ConversationMessage> {
  const company = await findPublicCompany(db, input.companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  await assertCompanyOpen(db, company.id);
  const allowed = await hitRateLimit(db, `customer-message:${actor.customerId}`, {
    bucket: "customer-message",
    ...MESSAGE_RATE_LIMIT,
  });
  if (!allowed) {
    throw new AppError(
      "rate_limited",
      429,
      "Você enviou muitas mensagens. Aguarde alguns minutos e tente novamente.",
    );
  }
  // With IA Suprema on, the answer is queued in the same transaction (its job answers in seconds).
  return db.transaction(async (tx) => {
    const message = await writeCustomerMessage(tx, {
      companyId: company.id,
      customerId: actor.customerId,
      body: input.body,
    });
    await queueAssistantReply(tx, company.id, message.id);
    // 'Nova mensagem' on the team's devices that switched it on (push).
    await queueCompanyPush(tx, "message", {
      companyId: company.id,
      customerId: actor.customerId,
      quote: preview(input.body, PUSH_QUOTE_LENGTH),
      url: "/mensagens",
    });
    return message;
  });
}
