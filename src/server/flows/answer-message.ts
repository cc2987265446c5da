/**
 * IA Suprema answers a customer's message (flow: decision 022): the message is read (messages),
 * the assistant's context loaded and its engine asked (assistant); then, in one transaction, the
 * answer written onto the message (messages) and a complaint or suggestion filed (assistant).
 */
import type { AssistantJobDeps as JobDeps } from "../modules/assistant/assistant.deps";
import {
  fileFeedback,
  isTakenOver,
  loadAssistantContext,
} from "../modules/assistant/assistant.service";
import { ASSISTANT_REPLY_JOB } from "../modules/assistant/assistant-queue";
import type { AssistantFacts } from "../modules/assistant/engine";
import { rulesEngine } from "../modules/assistant/rules-engine";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { findMessageForAssistant } from "../modules/messages/messages.queries";
import { writeAssistantAnswer } from "../modules/messages/messages.service";

/**
 * The `assistant-reply` job: answers one customer message when it is still pending, the
 * assistant on and in the plan, and no person took the conversation over. A handled intent
 * answers the message (it is no longer pending); a complaint or suggestion is also filed; a
 * message it cannot handle stays pending for a person (out of hours with a note saying when the
 * company opens). Safe to run twice: the answer claims the pending message, the note and the
 * filing are keyed by the message.
 */
export async function answerCustomerMessage(
  deps: Pick<JobDeps, "db" | "assistantEngine">,
  messageId: string,
  now = new Date(),
) {
  const { db } = deps;
  const message = await findMessageForAssistant(db, messageId);
  if (message?.status !== "pending") return { answered: false, reason: "not_pending" };
  if (await isTakenOver(db, message.companyId, message.customerId)) {
    return { answered: false, reason: "taken_over" };
  }
  const context = await loadAssistantContext(db, message.companyId, message.customerId, now);
  if (!context.available) return { answered: false, reason: "off" };
  const facts: AssistantFacts = {
    settings: context.settings,
    now,
    customer: { name: context.customerName ?? "" },
    channel: "app",
  };
  const engine = deps.assistantEngine ?? rulesEngine;
  const answer = await engine.answer(message.body, facts, context.tools);
  const handled = answer.intent !== "handover" && !!answer.text;
  await db.transaction(async (tx) => {
    if (answer.text) {
      await writeAssistantAnswer(tx, {
        messageId,
        companyId: message.companyId,
        customerId: message.customerId,
        body: answer.text,
        assistantName: context.settings.name,
        resolves: handled,
      });
    }
    if (answer.intent === "complaint" || answer.intent === "suggestion") {
      await fileFeedback(tx, {
        companyId: message.companyId,
        kind: answer.intent,
        body: message.body,
        channel: "app",
        customerId: message.customerId,
        contactId: null,
        sourceMessageId: messageId,
      });
    }
  });
  return { answered: handled, intent: answer.intent };
}

/**
 * Answers a customer's message within about a second of it (queued by messages.service
 * sendMessage when the assistant is on). Idempotent by the pending message.
 */
export const ANSWER_MESSAGE_JOB: JobDefinition<Pick<JobDeps, "db" | "assistantEngine">> = {
  name: ASSISTANT_REPLY_JOB,
  handler: (deps, now, data) =>
    answerCustomerMessage(deps, String((data as { messageId?: unknown })?.messageId ?? ""), now),
  pollingIntervalSeconds: 1,
  concurrency: 2,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
};
