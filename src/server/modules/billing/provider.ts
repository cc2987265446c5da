import { createHash, timingSafeEqual } from "node:crypto";
import type { BillingType, InvoiceStatus, Plan } from "@shared/billing.schema";
import { AppError } from "../../errors";

/**
 * The payment provider behind one interface (issue 17): Asaas (asaas.provider.ts), the dev
 * provider (dev.provider.ts: the local checkout, no credentials), or none (production without
 * credentials: every call answers 503 billing_unavailable). Our tables keep the state; a provider
 * only makes charges and tells what happened to them.
 */

export type ProviderName = "dev" | "asaas";

/** A charge as the provider knows it (normalized). Amounts in cents, dates yyyy-MM-dd. */
export type ProviderPayment = {
  providerPaymentId: string;
  providerSubscriptionId: string | null;
  status: InvoiceStatus;
  valueCents: number;
  dueDate: string;
  billingType: BillingType;
  invoiceUrl: string | null;
  boletoUrl: string | null;
  pixCode?: string | null;
  pixQrImage?: string | null;
  /** A one-off charge (an upgrade's difference), not one of the subscription's months. */
  kind?: "subscription" | "upgrade";
  /** When it was paid (ISO), for a paid charge. */
  paidAt?: string | null;
  /** Our company id when the provider echoes it (Asaas: externalReference). */
  externalReference?: string | null;
};

export const BILLING_EVENT_TYPES = [
  "payment_created",
  "payment_received",
  "payment_overdue",
  "payment_refunded",
  "payment_failed",
  "payment_cancelled",
  /**
   * A paid charge taken back (chargeback requested or disputed, refund, cash payment undone): owed
   * again from the event's date, the grace counting from then.
   */
  "payment_reversed",
  "subscription_cancelled",
  /** Authenticated but of no interest (PAYMENT_UPDATED …): kept for support, changes nothing. */
  "ignored",
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/** A provider's event, normalized: what `processEvent` applies (webhooks, reconciliation, dev). */
export type BillingEvent = {
  eventId: string;
  type: BillingEventType;
  payment?: ProviderPayment;
  /** For subscription_cancelled. */
  providerSubscriptionId?: string;
  /** ISO. */
  occurredAt: string;
  /** What the provider sent (kept in billing_events for support). */
  raw?: unknown;
};

export type NewSubscription = {
  companyId: string;
  customerId: string;
  plan: Plan;
  billingType: BillingType;
  valueCents: number;
  /** yyyy-MM-dd: the first charge's due date (the trial's end while in trial). */
  nextDueDate: string;
  description: string;
};

export interface BillingProvider {
  /** `unavailable`: production without credentials. */
  readonly name: ProviderName | "unavailable";
  createCustomer(input: {
    companyId: string;
    name: string;
    document: string;
    email: string;
  }): Promise<{ customerId: string }>;
  /** The subscription and its first charge (null when the provider has not made it yet). */
  createSubscription(
    input: NewSubscription,
  ): Promise<{ subscriptionId: string; firstPayment: ProviderPayment | null }>;
  /** The new value applies from the next charge (Asaas: the pending charges too). */
  changePlan(
    subscriptionId: string,
    input: { valueCents: number; description: string },
  ): Promise<void>;
  cancel(subscriptionId: string): Promise<void>;
  /** A one-off charge (an upgrade's pro-rated difference), due on `dueDate`. */
  createCharge(input: {
    companyId: string;
    customerId: string;
    billingType: BillingType;
    valueCents: number;
    dueDate: string;
    description: string;
  }): Promise<ProviderPayment>;
  /** A one-off charge withdrawn before it was paid. */
  cancelCharge(paymentId: string): Promise<void>;
  /**
   * The charge as the provider knows it now (re-read before a webhook grants anything); null when
   * the provider keeps no state of its own (the dev provider: our tables are its state).
   */
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Every charge of the subscription (reconciliation). */
  listPayments(subscriptionId: string): Promise<ProviderPayment[]>;
  /** The Pix 'copia e cola' code and QR image of a charge, when it has one. */
  pixCode(paymentId: string): Promise<{ code: string; image: string | null } | null>;
  /** The webhook's events; throws 401 `unauthenticated` when the token is wrong. */
  parseWebhook(headers: Headers, rawBody: string): BillingEvent[];
}

export const providerFailed = (message: string) =>
  new AppError("billing_provider_failed", 502, message);

/** Compares a secret in constant time (hashes first, so lengths never leak or throw). */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  const a = createHash("sha256")
    .update(given ?? "")
    .digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && given !== null && given !== undefined;
}

/** Production without ASAAS_API_KEY: billing cannot charge (reads of our tables still work). */
export function unavailableProvider(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw new AppError("billing_unavailable", 503, "Billing is not configured on this server.");
  };
  return {
    name: "unavailable",
    createCustomer: refuse,
    createSubscription: refuse,
    changePlan: refuse,
    cancel: refuse,
    createCharge: refuse,
    cancelCharge: refuse,
    getPayment: refuse,
    listPayments: refuse,
    pixCode: refuse,
    parseWebhook: () => {
      throw new AppError("billing_unavailable", 503, "Billing is not configured on this server.");
    },
  };
}
