import {
  type BillingOverview,
  type BillingType,
  PLAN_PRICES_CENTS,
  type Plan,
  type SubscribeResult,
} from "@shared/billing.schema";
import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../lib/log";
import type { CompanyActor } from "../../middleware/actor";
import { findCompany, planStatus } from "../companies/companies.queries";
import { billingEvents, invoices, subscriptions } from "./billing.table";
import { type BillingDeps, eventContext, PAYABLE, PLAN_DESCRIPTIONS } from "./billing-context";
import { dayOf } from "./billing-dates";
import {
  type EventContext,
  findSubscription,
  markCancelled,
  recordBillingEvent,
  refreshCompanyBilling,
} from "./billing-events";
import { billingStateOf, type CompanyBillingState } from "./billing-state";
import { withPixCode } from "./billing-webhook";
import { maskDocument, toInvoice } from "./invoice-view";
import type { BillingEvent, BillingProvider } from "./provider";

/**
 * Billing (issue 17): the 'Plano' page's overview, subscribing and cancelling, and the provider's
 * webhooks. Provider objects are made first, then our rows in the flow's transaction (flows/
 * subscribe.ts, cancel-subscription.ts: they lock the company and save its state); a write that
 * fails after the provider call is undone at the provider when it can be (else logged: the
 * reconciliation job heals it).
 */

export type SubscribeInput = {
  plan: Plan;
  billingType: BillingType;
  /** CPF or CNPJ digits (the shared schema's output). */
  document: string;
  billingEmail: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Subscriptions a company may make in a day (each one is a subscription at the provider). */
export const SUBSCRIBE_DAILY_LIMIT = 5;

/** GET /api/billing: everything the 'Plano' page and the dashboard's 'Plano Ativo' show. */
export async function getOverview(
  db: Db,
  providerName: BillingProvider["name"],
  actor: CompanyActor,
): Promise<BillingOverview> {
  const company = await findCompany(db, actor.companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  const now = new Date();
  const sub = await findSubscription(db, actor.companyId);
  const list = await db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, actor.companyId))
    .orderBy(desc(invoices.dueDate), desc(invoices.createdAt))
    .limit(24);
  const [due] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, actor.companyId), inArray(invoices.status, PAYABLE)))
    .orderBy(asc(invoices.dueDate))
    .limit(1);
  const paidUntil = company.paidUntil && company.paidUntil > now ? company.paidUntil : null;
  const nextCharge = due
    ? { amountCents: due.amountCents, dueDate: due.dueDate }
    : sub && sub.status !== "cancelled" && paidUntil
      ? {
          amountCents: PLAN_PRICES_CENTS[sub.plan],
          dueDate: dayOf(new Date(paidUntil.getTime() - 1)),
        }
      : null;
  // A cancelled subscription: access until the paid period (or the trial) ends.
  const accessUntil = (cancelledAt: Date) =>
    new Date(
      Math.max(
        cancelledAt.getTime(),
        company.paidUntil?.getTime() ?? 0,
        company.trialEndsAt.getTime(),
      ),
    );
  return {
    planStatus: planStatus(company, now),
    plan: company.plan ?? null,
    trialEndsAt: company.trialEndsAt.toISOString(),
    trialDaysLeft: Math.max(0, Math.ceil((company.trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
    paidUntil: company.paidUntil?.toISOString() ?? null,
    graceUntil: company.graceUntil?.toISOString() ?? null,
    subscription: sub
      ? {
          status: sub.status,
          billingType: sub.billingType,
          cancelledAt:
            sub.status === "cancelled"
              ? accessUntil(sub.cancelledAt ?? sub.updatedAt).toISOString()
              : null,
        }
      : null,
    nextCharge,
    billing: sub ? { documentMasked: maskDocument(sub.document), email: sub.billingEmail } : null,
    invoices: list.map(toInvoice),
    provider: providerName === "dev" ? "dev" : "asaas",
  };
}

/** Undoes a provider subscription whose rows could not be written (best effort, logged). */
export async function undoAtProvider(
  provider: BillingProvider,
  subscriptionId: string,
  cause: unknown,
) {
  log.error(`Billing: saving subscription ${subscriptionId} failed`, cause);
  try {
    await provider.cancel(subscriptionId);
  } catch (error) {
    log.error(
      `Billing: cancelling ${subscriptionId} at the provider failed too; the reconciliation job will see it`,
      error,
    );
  }
}

const conflict = () =>
  new AppError("subscription_exists", 409, "The company already has an active subscription.");

export type PreparedSubscription = {
  customerId: string;
  subscriptionId: string;
  nextDueDate: string;
  firstPaymentId: string | null;
  /** The first charge as an event (its Pix code read before the transaction). */
  firstEvent: BillingEvent | null;
};

/**
 * 'Assinar', before the transaction: the checks, then the provider's customer (once) and
 * subscription. At most SUBSCRIBE_DAILY_LIMIT a day per company: each cancel and subscribe again
 * makes a subscription at the provider (429 subscribe_limited).
 */
export async function prepareSubscription(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: SubscribeInput,
): Promise<PreparedSubscription> {
  eventContext(deps);
  const { provider } = deps;
  const company = await findCompany(db, actor.companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  const existing = await findSubscription(db, actor.companyId);
  if (existing && existing.status !== "cancelled") throw conflict();
  const now = new Date();
  const [made] = await db
    .select({ n: count() })
    .from(billingEvents)
    .where(
      and(
        eq(billingEvents.companyId, actor.companyId),
        eq(billingEvents.type, "subscribe"),
        gt(billingEvents.receivedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if ((made?.n ?? 0) >= SUBSCRIBE_DAILY_LIMIT) {
    throw new AppError(
      "subscribe_limited",
      429,
      `At most ${SUBSCRIBE_DAILY_LIMIT} subscriptions a day: try again tomorrow.`,
    );
  }

  // Nothing is charged during the trial nor a paid period: the first charge is due when it ends.
  const paid = billingStateOf(
    await db.select().from(invoices).where(eq(invoices.companyId, actor.companyId)),
  );
  const nextDueDate = [
    dayOf(now),
    company.trialEndsAt > now ? dayOf(company.trialEndsAt) : "",
    paid.paidUntil && paid.paidUntil > now ? (paid.paidThrough ?? "") : "",
  ].reduce((a, b) => (b > a ? b : a));

  const customerId =
    existing && existing.provider === provider.name && existing.document === input.document
      ? existing.providerCustomerId
      : (
          await provider.createCustomer({
            companyId: actor.companyId,
            name: company.tradeName,
            document: input.document,
            email: input.billingEmail,
          })
        ).customerId;
  const created = await provider.createSubscription({
    companyId: actor.companyId,
    customerId,
    plan: input.plan,
    billingType: input.billingType,
    valueCents: PLAN_PRICES_CENTS[input.plan],
    nextDueDate,
    description: PLAN_DESCRIPTIONS[input.plan],
  });
  const firstEvent: BillingEvent | null = created.firstPayment
    ? await withPixCode(db, provider, {
        eventId: `subscribe:${created.firstPayment.providerPaymentId}`,
        type: "payment_created",
        payment: created.firstPayment,
        occurredAt: now.toISOString(),
      })
    : null;
  return {
    customerId,
    subscriptionId: created.subscriptionId,
    nextDueDate,
    firstPaymentId: created.firstPayment?.providerPaymentId ?? null,
    firstEvent,
  };
}

/**
 * 'Assinar', in the flow's transaction (the company locked): the subscription row and the event
 * kept; the flow then applies the first charge (or saves the state answered here).
 */
export async function saveSubscription(
  tx: Db,
  ctx: EventContext,
  actor: CompanyActor,
  input: SubscribeInput,
  prepared: PreparedSubscription,
): Promise<CompanyBillingState> {
  const current = await findSubscription(tx, actor.companyId);
  if (current && current.status !== "cancelled") throw conflict();
  const values = {
    provider: ctx.provider,
    document: input.document,
    billingEmail: input.billingEmail,
    providerCustomerId: prepared.customerId,
    providerSubscriptionId: prepared.subscriptionId,
    plan: input.plan,
    billingType: input.billingType,
    status: "active" as const,
    cancelledAt: null,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: subscriptions.companyId, set: values })
    .returning();
  await recordBillingEvent(tx, {
    provider: ctx.provider,
    companyId: actor.companyId,
    type: "subscribe",
    actor: `user:${actor.userId}`,
    payload: {
      plan: input.plan,
      billingType: input.billingType,
      providerSubscriptionId: prepared.subscriptionId,
      nextDueDate: prepared.nextDueDate,
    },
  });
  return (await refreshCompanyBilling(tx, actor.companyId, row ?? null)).company;
}

/** 'Assinar''s answer: the overview and where to pay a charge already due. */
export async function subscriptionResult(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  prepared: PreparedSubscription,
): Promise<SubscribeResult> {
  const overview = await getOverview(db, deps.provider.name, actor);
  const firstId = prepared.firstPaymentId;
  const [first] = firstId
    ? await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.provider, eventContext(deps).provider),
            eq(invoices.providerPaymentId, firstId),
          ),
        )
        .limit(1)
    : [];
  // Where to pay now: only a charge already due (in the trial the first one is due at its end).
  const checkoutUrl =
    first && PAYABLE.includes(first.status as "pending") && first.dueDate <= dayOf(new Date())
      ? first.invoiceUrl
      : null;
  return { overview, checkoutUrl };
}

export async function activeSubscription(db: Db, companyId: string) {
  const sub = await findSubscription(db, companyId);
  if (!sub || sub.status === "cancelled" || !sub.providerSubscriptionId) {
    throw new AppError("subscription_not_active", 409, "The company has no active subscription.");
  }
  return { ...sub, providerSubscriptionId: sub.providerSubscriptionId };
}

/** 'Cancelar', at the provider: no more charges (the flow then saves our rows). */
export async function cancelAtProvider(db: Db, deps: BillingDeps, actor: CompanyActor) {
  eventContext(deps);
  const sub = await activeSubscription(db, actor.companyId);
  await deps.provider.cancel(sub.providerSubscriptionId);
  return sub;
}

/**
 * 'Cancelar', in the flow's transaction (the company locked): access stays until the paid period
 * (or the trial) ends; null when it was cancelled meanwhile.
 */
export async function saveCancellation(
  tx: Db,
  ctx: EventContext,
  actor: CompanyActor,
  providerSubscriptionId: string,
): Promise<CompanyBillingState | null> {
  const current = await findSubscription(tx, actor.companyId);
  if (!current || current.status === "cancelled") return null;
  const row = await markCancelled(tx, current, new Date());
  await recordBillingEvent(tx, {
    provider: ctx.provider,
    companyId: actor.companyId,
    type: "cancel",
    actor: `user:${actor.userId}`,
    payload: { providerSubscriptionId },
  });
  return (await refreshCompanyBilling(tx, actor.companyId, row)).company;
}
