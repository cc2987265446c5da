import {
  type BillingOverview,
  type BillingType,
  PLAN_PRICES_CENTS,
  type Plan,
  type SubscribeResult,
} from "@shared/billing.schema";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findCompany, planStatus } from "../companies/companies.queries";
import { lockCompany } from "../companies/companies.service";
import { invoices, subscriptions } from "./billing.table";
import { dayOf } from "./billing-dates";
import {
  applyEvent,
  billingStateOf,
  type EventContext,
  findSubscription,
  markCancelled,
  processEvent,
  recordBillingEvent,
  refreshCompanyBilling,
} from "./billing-events";
import { maskDocument, toInvoice } from "./invoice-view";
import type { BillingEvent, BillingProvider } from "./provider";

/**
 * Billing (issue 17): the 'Plano' page's overview, subscribing, changing plan and cancelling, and
 * the provider's webhooks. Provider objects are made first, then our rows in one transaction; a
 * write that fails after the provider call is undone at the provider when it can be (else logged:
 * the reconciliation job heals it).
 */

export type BillingDeps = { provider: BillingProvider; appUrl: string };

export type SubscribeInput = {
  plan: Plan;
  billingType: BillingType;
  /** CPF or CNPJ digits (the shared schema's output). */
  document: string;
  billingEmail: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAN_DESCRIPTIONS: Record<Plan, string> = {
  pro: "Carimbou Pro",
  supreme: "Carimbou Supremo com IA",
};

/** The provider's context for events; production without credentials answers 503. */
export function eventContext(deps: BillingDeps): EventContext {
  if (deps.provider.name === "unavailable") {
    throw new AppError("billing_unavailable", 503, "Billing is not configured on this server.");
  }
  return { provider: deps.provider.name, appUrl: deps.appUrl };
}

const PAYABLE = ["pending", "overdue"] as const;

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
async function undoAtProvider(provider: BillingProvider, subscriptionId: string, cause: unknown) {
  console.error(`Billing: saving subscription ${subscriptionId} failed`, cause);
  try {
    await provider.cancel(subscriptionId);
  } catch (error) {
    console.error(
      `Billing: cancelling ${subscriptionId} at the provider failed too; the reconciliation job will see it`,
      error,
    );
  }
}

const conflict = () =>
  new AppError("subscription_exists", 409, "The company already has an active subscription.");

/** 'Assinar': the provider's customer (once) and subscription, then our rows and first invoice. */
export async function subscribe(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: SubscribeInput,
): Promise<SubscribeResult> {
  const ctx = eventContext(deps);
  const { provider } = deps;
  const company = await findCompany(db, actor.companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  const existing = await findSubscription(db, actor.companyId);
  if (existing && existing.status !== "cancelled") throw conflict();

  // Nothing is charged during the trial nor a paid period: the first charge is due when it ends.
  const now = new Date();
  const paid = billingStateOf(
    await db
      .select({ status: invoices.status, dueDate: invoices.dueDate, periodEnd: invoices.periodEnd })
      .from(invoices)
      .where(eq(invoices.companyId, actor.companyId)),
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

  // The first charge (with its Pix code, read before the transaction).
  const firstEvent: BillingEvent | null = created.firstPayment
    ? await withPixCode(db, provider, {
        eventId: `subscribe:${created.firstPayment.providerPaymentId}`,
        type: "payment_created",
        payment: created.firstPayment,
        occurredAt: now.toISOString(),
      })
    : null;
  try {
    await db.transaction(async (tx) => {
      await lockCompany(tx, actor.companyId);
      const current = await findSubscription(tx, actor.companyId);
      if (current && current.status !== "cancelled") throw conflict();
      const values = {
        provider: ctx.provider,
        document: input.document,
        billingEmail: input.billingEmail,
        providerCustomerId: customerId,
        providerSubscriptionId: created.subscriptionId,
        plan: input.plan,
        billingType: input.billingType,
        status: "active" as const,
        cancelledAt: null,
        updatedAt: new Date(),
      };
      await tx
        .insert(subscriptions)
        .values({ companyId: actor.companyId, ...values })
        .onConflictDoUpdate({ target: subscriptions.companyId, set: values });
      await recordBillingEvent(tx, {
        provider: ctx.provider,
        companyId: actor.companyId,
        type: "subscribe",
        actor: `user:${actor.userId}`,
        payload: {
          plan: input.plan,
          billingType: input.billingType,
          providerSubscriptionId: created.subscriptionId,
          nextDueDate,
        },
      });
      if (firstEvent) {
        await applyEvent(tx, ctx, firstEvent, `user:${actor.userId}`);
      } else {
        await refreshCompanyBilling(
          tx,
          actor.companyId,
          await findSubscription(tx, actor.companyId),
        );
      }
    });
  } catch (error) {
    await undoAtProvider(provider, created.subscriptionId, error);
    throw error;
  }

  const overview = await getOverview(db, provider.name, actor);
  const firstId = created.firstPayment?.providerPaymentId;
  const [first] = firstId
    ? await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, ctx.provider), eq(invoices.providerPaymentId, firstId)))
        .limit(1)
    : [];
  // Where to pay now: only a charge already due (in the trial the first one is due at its end).
  const checkoutUrl =
    first && PAYABLE.includes(first.status as "pending") && first.dueDate <= dayOf(new Date())
      ? first.invoiceUrl
      : null;
  return { overview, checkoutUrl };
}

async function activeSubscription(db: Db, companyId: string) {
  const sub = await findSubscription(db, companyId);
  if (!sub || sub.status === "cancelled" || !sub.providerSubscriptionId) {
    throw new AppError("subscription_not_active", 409, "The company has no active subscription.");
  }
  return { ...sub, providerSubscriptionId: sub.providerSubscriptionId };
}

/** Another plan: the new value from the next charge (the pending one included). */
export async function changePlan(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: { plan: Plan },
): Promise<SubscribeResult> {
  const ctx = eventContext(deps);
  const sub = await activeSubscription(db, actor.companyId);
  if (sub.plan === input.plan) {
    throw new AppError("plan_unchanged", 409, "The company is already on this plan.");
  }
  const valueCents = PLAN_PRICES_CENTS[input.plan];
  await deps.provider.changePlan(sub.providerSubscriptionId, {
    valueCents,
    description: PLAN_DESCRIPTIONS[input.plan],
  });
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const [row] = await tx
      .update(subscriptions)
      .set({ plan: input.plan, updatedAt: new Date() })
      .where(eq(subscriptions.companyId, actor.companyId))
      .returning();
    await tx
      .update(invoices)
      .set({ plan: input.plan, amountCents: valueCents, updatedAt: new Date() })
      .where(and(eq(invoices.companyId, actor.companyId), eq(invoices.status, "pending")));
    await recordBillingEvent(tx, {
      provider: ctx.provider,
      companyId: actor.companyId,
      type: "change_plan",
      actor: `user:${actor.userId}`,
      payload: { from: sub.plan, to: input.plan },
    });
    await refreshCompanyBilling(tx, actor.companyId, row ?? null);
  });
  return { overview: await getOverview(db, deps.provider.name, actor), checkoutUrl: null };
}

/** 'Cancelar': no more charges; access stays until the paid period (or the trial) ends. */
export async function cancelSubscription(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
): Promise<BillingOverview> {
  const ctx = eventContext(deps);
  const sub = await activeSubscription(db, actor.companyId);
  await deps.provider.cancel(sub.providerSubscriptionId);
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const current = await findSubscription(tx, actor.companyId);
    if (!current || current.status === "cancelled") return;
    const row = await markCancelled(tx, current, new Date());
    await recordBillingEvent(tx, {
      provider: ctx.provider,
      companyId: actor.companyId,
      type: "cancel",
      actor: `user:${actor.userId}`,
      payload: { providerSubscriptionId: sub.providerSubscriptionId },
    });
    await refreshCompanyBilling(tx, actor.companyId, row);
  });
  return getOverview(db, deps.provider.name, actor);
}

/** A Pix charge's code, fetched once from the provider (best effort: the e-mail and page show it). */
export async function withPixCode(
  db: Db,
  provider: BillingProvider,
  event: BillingEvent,
): Promise<BillingEvent> {
  const p = event.payment;
  if (p?.billingType !== "PIX" || p.pixCode || !(PAYABLE as readonly string[]).includes(p.status)) {
    return event;
  }
  if (provider.name !== "dev" && provider.name !== "asaas") return event;
  const [known] = await db
    .select({ pixCode: invoices.pixCode })
    .from(invoices)
    .where(
      and(
        eq(invoices.provider, provider.name),
        eq(invoices.providerPaymentId, p.providerPaymentId),
      ),
    )
    .limit(1);
  if (known?.pixCode) return event;
  try {
    const pix = await provider.pixCode(p.providerPaymentId);
    return pix ? { ...event, payment: { ...p, pixCode: pix.code, pixQrImage: pix.image } } : event;
  } catch (error) {
    console.error(`Billing: reading the Pix code of ${p.providerPaymentId} failed`, error);
    return event;
  }
}

/** POST /api/billing/webhooks/asaas: authenticated, each event applied once. */
export async function receiveWebhook(
  db: Db,
  deps: BillingDeps,
  headers: Headers,
  rawBody: string,
): Promise<void> {
  const events = deps.provider.parseWebhook(headers, rawBody);
  const ctx = eventContext(deps);
  for (const event of events) {
    await processEvent(db, ctx, await withPixCode(db, deps.provider, event), "webhook");
  }
}
