/**
 * IA Suprema's campaigns (issue 20, point 6), the job `assistant-campaigns`: every 5 minutes, each
 * company whose assistant is on and allowed by its plan (trial or Supremo), once its send time has
 * passed today in São Paulo, gets
 * - `promotion` (switch 'marketingPromotions'): its running promotion (active, with a description,
 *   today within its dates) to every consenting member, at most once per frequency (7, 14 or 30
 *   days since the last one);
 * - `reminder` (switch 'marketingReminders'): a reminder to every consenting member with an
 *   unfinished card and no stamp in the last REMINDER_IDLE_DAYS, as often.
 * Only active members with a live consent (and a confirmed e-mail address) receive anything: no
 * consent, nothing sent. Each campaign is one transaction that first inserts its `campaign_runs`
 * row (unique company, kind and period, the period being the São Paulo date it goes out): a second
 * run, a retry or another app server at the same moment inserts nothing and sends nothing. The
 * e-mails go into the outbox in that transaction, each with its one-click opt-out.
 */
import { randomUUID } from "node:crypto";
import { type CampaignKind, PROMOTION_FREQUENCY_DAYS } from "@shared/assistant.schema";
import { planAllows } from "@shared/billing.schema";
import { formatSaoPauloDateTime, saoPauloDate } from "@shared/dates";
import { toLanguage } from "@shared/languages";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { log } from "../../lib/log";
import { planStatus } from "../companies/companies.queries";
import { enqueueJob } from "../jobs/jobs.service";
import type { Logger, Mail } from "../mail/mail.service";
import { queueEmail } from "../mail/outbox";
import { campaignRuns } from "./assistant.table";
import {
  promotionEmail,
  promotionWhatsApp,
  reminderEmail,
  reminderWhatsApp,
} from "./campaign-email";
import {
  type CampaignCompany,
  type CampaignRecipient,
  lastCampaignPeriod,
  listCampaignCompanies,
  listMemberContacts,
  listPromotionRecipients,
  listReminderRecipients,
} from "./campaigns.queries";
import type { ChannelDeps } from "./channel-adapter";
import { optOutToken } from "./consents.service";
import { sendWhatsAppText } from "./whatsapp.adapter";

export const CAMPAIGNS_JOB = "assistant-campaigns";
/** One campaign message to a member's WhatsApp, sent after the campaign's transaction. */
export const WHATSAPP_CAMPAIGN_JOB = "whatsapp-campaign-send";

export type CampaignDeps = {
  db: Db;
  appUrl: string;
  /** Signs the opt-out links (the app's auth secret). Without it nothing is sent. */
  authSecret: string | undefined;
  logger?: Logger;
};

/** What one run did: companies past their send time, campaigns sent now, e-mails queued. */
export type CampaignRunResult = { companies: number; campaigns: number; emails: number };

/** Whole days from calendar day `from` to `to` ('YYYY-MM-DD'). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The company's special promotion is on and today (São Paulo) is within its dates. */
function promotionRunning(c: CampaignCompany, today: string): boolean {
  return (
    c.subscriptionActive &&
    c.promotionActive &&
    (c.promotionDescription ?? "").trim() !== "" &&
    (c.promotionStartsOn === null || c.promotionStartsOn <= today) &&
    (c.promotionEndsOn === null || c.promotionEndsOn >= today)
  );
}

export async function runCampaigns(
  deps: CampaignDeps,
  now: Date = new Date(),
): Promise<CampaignRunResult> {
  const logger = deps.logger ?? log;
  const result: CampaignRunResult = { companies: 0, campaigns: 0, emails: 0 };
  if (!deps.authSecret) {
    logger.error(`${CAMPAIGNS_JOB}: no auth secret to sign the opt-out links; nothing sent`);
    return result;
  }
  const signed = { ...deps, authSecret: deps.authSecret };
  const today = saoPauloDate(now);
  const time = formatSaoPauloDateTime(now).slice(-5);
  for (const company of await listCampaignCompanies(deps.db)) {
    const status = planStatus(company, now);
    const trialEndsAt = company.trialEndsAt;
    if (!planAllows({ plan: company.plan, planStatus: status, trialEndsAt }, "assistant", now)) {
      continue;
    }
    if (time < company.sendTime) continue;
    result.companies++;
    const every = PROMOTION_FREQUENCY_DAYS[company.promotionFrequency];
    const kinds: CampaignKind[] = [];
    if (company.marketingPromotions && promotionRunning(company, today)) kinds.push("promotion");
    if (company.marketingReminders) kinds.push("reminder");
    for (const kind of kinds) {
      const last = await lastCampaignPeriod(deps.db, company.companyId, kind);
      if (last !== null && daysBetween(last, today) < every) continue;
      const emails = await sendCampaign(signed, company, kind, { today, now });
      if (emails === null) continue;
      result.campaigns++;
      result.emails += emails;
    }
  }
  return result;
}

/**
 * One campaign in one transaction: its run row (nothing more when this period's is there), then
 * one e-mail per recipient into the outbox. Answers the e-mails queued, or null when another run
 * had sent it.
 */
async function sendCampaign(
  deps: CampaignDeps & { authSecret: string },
  company: CampaignCompany,
  kind: CampaignKind,
  { today, now }: { today: string; now: Date },
): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(campaignRuns)
      .values({ id: randomUUID(), companyId: company.companyId, kind, periodKey: today })
      .onConflictDoNothing()
      .returning({ id: campaignRuns.id });
    if (!run) return null;
    const messages =
      kind === "promotion"
        ? (await listPromotionRecipients(tx, company.companyId)).map((r) => {
            const links = common(deps, company, r);
            const promotion = {
              title: company.promotionTitle ?? "",
              description: company.promotionDescription ?? "",
              endsOn: company.promotionEndsOn,
            };
            return {
              customerId: r.customerId,
              mail: promotionEmail({ ...links, ...promotion }),
              whatsapp: promotionWhatsApp({ ...links, ...promotion }),
            };
          })
        : (await listReminderRecipients(tx, company.companyId, now)).map((r) => {
            const links = common(deps, company, r);
            const card = { stamps: r.stamps, stampsRequired: r.stampsRequired, reward: r.reward };
            return {
              customerId: r.customerId,
              mail: reminderEmail({ ...links, ...card }),
              whatsapp: reminderWhatsApp({ ...links, ...card }),
            };
          });
    const mails = messages.map((m) => m.mail);
    for (const mail of mails) await queueEmail(tx, mail satisfies Mail);
    // Members who wrote to the company on WhatsApp get it there too (the 24-hour rule applies:
    // outside the window, the approved template or nothing), sent after the commit by a job.
    const contacts = await listMemberContacts(
      tx,
      company.companyId,
      messages.map((m) => m.customerId),
    );
    for (const m of messages) {
      const contactId = contacts.get(m.customerId);
      if (!contactId) continue;
      await enqueueJob(tx, WHATSAPP_CAMPAIGN_JOB, {
        companyId: company.companyId,
        contactId,
        text: m.whatsapp,
      });
    }
    await tx
      .update(campaignRuns)
      .set({ recipients: mails.length })
      .where(eq(campaignRuns.id, run.id));
    return mails.length;
  });
}

/** What every campaign e-mail of the member carries: who, in which language, and the links. */
function common(
  { appUrl, authSecret }: { appUrl: string; authSecret: string },
  company: CampaignCompany,
  r: CampaignRecipient,
) {
  const token = encodeURIComponent(optOutToken(authSecret, r.customerId, company.companyId));
  return {
    to: r.email,
    name: r.name,
    companyName: company.companyName,
    language: toLanguage(r.language),
    cardUrl: new URL(`/dashboard-cliente-cartao-fidelidade/${company.companyId}`, appUrl).href,
    optOutUrl: new URL(`/descadastrar?token=${token}`, appUrl).href,
    oneClickUrl: new URL(`/api/marketing/opt-out/one-click?token=${token}`, appUrl).href,
  };
}

/**
 * The job `whatsapp-campaign-send`: one campaign text to one WhatsApp contact of the company,
 * through the 24-hour rule (sendWhatsAppText). Meta refusing it is recorded, not retried.
 */
export async function sendCampaignWhatsApp(deps: ChannelDeps & { db: Db }, data: unknown) {
  const { companyId, contactId, text } = (data ?? {}) as Record<string, unknown>;
  if (typeof companyId !== "string" || typeof contactId !== "string" || typeof text !== "string") {
    throw new Error(`${WHATSAPP_CAMPAIGN_JOB}: the job's data is not a campaign message`);
  }
  const result = await sendWhatsAppText(deps.db, deps, companyId, contactId, text);
  return { status: result.status };
}
