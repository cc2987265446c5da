/**
 * How much IA Suprema answers on a messaging channel by itself (issue 29, item 8; decision 028),
 * so one signed webhook full of messages cannot become as many model calls and sends:
 * - a webhook body gives at most WEBHOOK_TEXTS_MAX texts (the rest is ignored, and logged);
 * - a contact's burst is answered once: a text that arrives while an earlier one of the same
 *   contact still waits for its answer queues no job of its own, and the job answers all that
 *   wait together (at most BURST_MAX, the newest last);
 * - automatic answers per contact (CONTACT_ANSWERS, as the in-app chat's 10 messages in 10
 *   minutes) and per company on all channels (COMPANY_ANSWERS); past either, the texts wait for a
 *   person (`pending`) and the model is not called.
 */
import type { Db } from "../../db/client";
import { hitRateLimit, type RateLimitRule } from "../../rate-limits";
import type { ChannelName } from "./channel-adapter";

/** The most texts one webhook body gives (Meta sends one or a few; a body of 200 is abuse). */
export const WEBHOOK_TEXTS_MAX = 50;

/**
 * The most waiting texts of one contact one answer covers (older ones first): more than a webhook
 * gives, so a burst in one body is answered once; the engine reads its newest texts (burstText).
 */
export const BURST_MAX = 2 * WEBHOOK_TEXTS_MAX;

/**
 * How long a waiting text stands for its burst's job: a text kept later than this after it gets
 * a job of its own (which answers the older one too), so a lost job never silences a contact.
 */
export const BURST_JOB_STALE_SECONDS = 5 * 60;

/** The longest text the engine gets for a burst (its newest texts kept). */
const BURST_TEXT_MAX = 4096;

/** Automatic answers to one contact of a channel. */
export const CONTACT_ANSWERS: RateLimitRule = {
  bucket: "assistant-contact-answers",
  max: 10,
  windowSeconds: 10 * 60,
};

/** Automatic answers of one company, on every channel together. */
export const COMPANY_ANSWERS: RateLimitRule = {
  bucket: "assistant-company-answers",
  max: 200,
  windowSeconds: 60 * 60,
};

/**
 * Counts one automatic answer to `contactId` and answers whether both limits still allow it (the
 * company's is counted only when the contact's allows it).
 */
export async function withinAnswerLimits(
  db: Db,
  channel: ChannelName,
  companyId: string,
  contactId: string,
): Promise<boolean> {
  const contactKey = `${CONTACT_ANSWERS.bucket}:${channel}:${contactId}`;
  if (!(await hitRateLimit(db, contactKey, CONTACT_ANSWERS))) return false;
  return hitRateLimit(db, `${COMPANY_ANSWERS.bucket}:${companyId}`, COMPANY_ANSWERS);
}

/** The texts of a burst as the engine reads them: one per line, the newest kept within bounds. */
export function burstText(bodies: readonly string[]): string {
  let text = bodies.at(-1) ?? "";
  for (let i = bodies.length - 2; i >= 0; i--) {
    const longer = `${bodies[i]}\n${text}`;
    if (longer.length > BURST_TEXT_MAX) break;
    text = longer;
  }
  return text.slice(0, BURST_TEXT_MAX);
}
