/**
 * 'Fechar conta' and 'Restaurar conta' (issue 34; flow: decision 022). Closing cancels the
 * subscription at the provider (billing, through `cancel-subscription`), then in one transaction
 * marks the company closed (companies), revokes its API keys and switches its webhooks off
 * (integrations) and tells every active member by e-mail (mail). Restoring, within
 * COMPANY_CLOSURE_DAYS, only clears the mark: the owner subscribes again.
 */
import { formatSaoPauloDate, saoPauloDate } from "@shared/dates";
import { type Language, toLanguage } from "@shared/languages";
import type { CompanyClosure } from "@shared/privacy.schema";
import type { Auth } from "../auth";
import type { Db } from "../db/client";
import { programEndedContent } from "../email/program-ended-email";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { confirmPassword } from "../modules/auth/account-removal";
import { findSubscription } from "../modules/billing/billing-events";
import type { BillingProvider } from "../modules/billing/provider";
import { lockCompany, saveCompanyClosedAt } from "../modules/companies/companies.service";
import { switchOffIntegrations } from "../modules/integrations/switch-off.service";
import type { Mail } from "../modules/mail/mail.service";
import { queueEmails } from "../modules/mail/outbox";
import {
  closureDeleteAt,
  companyClosed,
  findCompanyClosure,
  listActiveMemberContacts,
  toClosure,
} from "../modules/privacy/company-closure.queries";
import { cancelSubscription } from "./cancel-subscription";

export type ClosureDeps = { provider: BillingProvider; appUrl: string; auth: Auth };

/** E-mails queued per statement (a company with 100,000 members queues them in 100). */
const EMAIL_BATCH = 1000;

const notFound = () => new AppError("not_found", 404, "Company not found");

/**
 * Closes the actor's company, confirmed with the owner's password (401 `wrong_password`). Closing
 * twice answers the first closing. A provider that cannot cancel fails the closing (nothing
 * changed here): the owner tries again.
 */
export async function closeCompany(
  db: Db,
  deps: ClosureDeps,
  actor: CompanyActor,
  password: string,
  now = new Date(),
): Promise<CompanyClosure> {
  await confirmPassword(db, deps.auth, actor.userId, password);
  const company = await findCompanyClosure(db, actor.companyId);
  if (!company) throw notFound();
  if (company.closedAt) return toClosure(company.closedAt);
  const sub = await findSubscription(db, actor.companyId);
  if (sub && sub.status !== "cancelled" && sub.providerSubscriptionId) {
    await cancelSubscription(db, deps, actor);
  }
  const closedAt = await db.transaction(async (tx) => {
    const row = await lockCompany(tx, actor.companyId);
    if (!row) throw notFound();
    if (row.closedAt) return row.closedAt;
    await saveCompanyClosedAt(tx, actor.companyId, now);
    await switchOffIntegrations(tx, actor.companyId);
    await queueProgramEnded(tx, deps.appUrl, actor.companyId, row.tradeName, now);
    return now;
  });
  return toClosure(closedAt);
}

/** 'O programa de fidelidade de <empresa> terminou', to each active member, in their language. */
async function queueProgramEnded(
  tx: Db,
  appUrl: string,
  companyId: string,
  companyName: string,
  closedAt: Date,
) {
  const until = closureDeleteAt(closedAt);
  const url = new URL("/dashboard-cliente", appUrl).href;
  const contents = new Map<Language, Omit<Mail, "to">>();
  const contentIn = (language: Language) => {
    let content = contents.get(language);
    if (!content) {
      const day = (d: Date) => (language === "pt" ? formatSaoPauloDate(d) : saoPauloDate(d));
      content = programEndedContent({
        language,
        companyName,
        day: day(closedAt),
        until: day(until),
        url,
      });
      contents.set(language, content);
    }
    return content;
  };
  const members = await listActiveMemberContacts(tx, companyId);
  for (let i = 0; i < members.length; i += EMAIL_BATCH) {
    const batch = members.slice(i, i + EMAIL_BATCH);
    await queueEmails(
      tx,
      batch.map((m) => ({ to: m.email, ...contentIn(toLanguage(m.language)) })),
    );
  }
}

/**
 * 'Restaurar conta': within COMPANY_CLOSURE_DAYS of closing, the company is open again (its
 * subscription is not made again: the owner subscribes on /plano). 409 `company_not_closed` when
 * open; 409 `company_closed` once the days are over (its data is being deleted).
 */
export async function restoreCompany(
  db: Db,
  actor: CompanyActor,
  now = new Date(),
): Promise<CompanyClosure> {
  return db.transaction(async (tx) => {
    const row = await lockCompany(tx, actor.companyId);
    if (!row) throw notFound();
    if (!row.closedAt) {
      throw new AppError("company_not_closed", 409, "The company's account is not closed.");
    }
    if (closureDeleteAt(row.closedAt) <= now) {
      const error = companyClosed();
      throw new AppError(error.code, 409, "The 30 days are over: the data is being deleted.");
    }
    await saveCompanyClosedAt(tx, actor.companyId, null);
    return toClosure(null);
  });
}
