import { createHash } from "node:crypto";
import { BILLING_TYPES, type BillingType, type InvoiceStatus } from "@shared/billing.schema";
import { z } from "zod";
import { AppError } from "../../errors";
import { log as serverLog } from "../../lib/log";
import {
  type BillingEvent,
  type BillingEventType,
  type BillingProvider,
  type ProviderPayment,
  providerFailed,
  sameSecret,
} from "./provider";

/**
 * Asaas (https://docs.asaas.com, API v3), through a small fetch client: the API key goes in the
 * `access_token` header, webhooks carry the token configured on them in `asaas-access-token`.
 * Values are reais with 2 decimals on the wire, cents here.
 */
export type AsaasConfig = {
  apiKey: string;
  /** e.g. https://api-sandbox.asaas.com/v3 (sandbox) or https://api.asaas.com/v3. */
  baseUrl: string;
  webhookToken: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  log?: Pick<Console, "error">;
};

/** A real calendar day (2024-02-31 is not one). */
const isDay = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === m[0];
};
const text = (max: number) => z.string().max(max);

/**
 * A payment as Asaas sends it (webhook or API), checked before anything reads it: a value that is
 * a positive amount of reais below a million, a real due date (decision 027: an odd payload is
 * recorded as ignored, never a 500 nor a paid month).
 */
const AsaasPaymentSchema = z.object({
  id: text(100).min(1),
  subscription: text(100).nullish(),
  status: text(64).optional(),
  value: z.number().finite().positive().max(1_000_000),
  dueDate: text(40).refine(isDay),
  billingType: text(40).optional(),
  invoiceUrl: text(2000).nullish(),
  bankSlipUrl: text(2000).nullish(),
  paymentDate: text(40).nullish(),
  clientPaymentDate: text(40).nullish(),
  confirmedDate: text(40).nullish(),
  externalReference: text(200).nullish(),
  deleted: z.boolean().optional(),
});
type AsaasPayment = z.infer<typeof AsaasPaymentSchema>;

const WebhookSchema = z.object({
  id: text(200).optional(),
  event: text(100),
  dateCreated: text(40).optional(),
  payment: z.unknown().optional(),
  subscription: z.object({ id: text(100).optional() }).nullish(),
});

const EVENT_TYPES: Record<string, BillingEventType> = {
  PAYMENT_CREATED: "payment_created",
  PAYMENT_RECEIVED: "payment_received",
  PAYMENT_CONFIRMED: "payment_received",
  PAYMENT_OVERDUE: "payment_overdue",
  PAYMENT_REFUNDED: "payment_reversed",
  PAYMENT_REFUND_IN_PROGRESS: "payment_reversed",
  PAYMENT_CHARGEBACK_REQUESTED: "payment_reversed",
  PAYMENT_CHARGEBACK_DISPUTE: "payment_reversed",
  PAYMENT_RECEIVED_IN_CASH_UNDONE: "payment_reversed",
  PAYMENT_DELETED: "payment_cancelled",
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: "payment_failed",
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: "payment_failed",
  SUBSCRIPTION_DELETED: "subscription_cancelled",
  SUBSCRIPTION_INACTIVATED: "subscription_cancelled",
};

/** What an event says about the charge's status, whatever the payload's own status field. */
const STATUS_OF_EVENT: Partial<Record<BillingEventType, InvoiceStatus>> = {
  payment_received: "paid",
  payment_overdue: "overdue",
  payment_refunded: "refunded",
  payment_reversed: "overdue",
  payment_cancelled: "cancelled",
};

function statusOf(p: AsaasPayment): InvoiceStatus {
  if (p.deleted) return "cancelled";
  switch (p.status) {
    case "RECEIVED":
    case "CONFIRMED":
    case "RECEIVED_IN_CASH":
      return "paid";
    case "OVERDUE":
      return "overdue";
    case "REFUNDED":
    case "REFUND_IN_PROGRESS":
      return "refunded";
    // Taken back by the payer's bank: owed again (the grace counts from then).
    case "CHARGEBACK_REQUESTED":
    case "CHARGEBACK_DISPUTE":
    case "AWAITING_CHARGEBACK_REVERSAL":
      return "overdue";
    default:
      return "pending";
  }
}

const toCents = (value: number) => Math.round(value * 100);
const toReais = (cents: number) => Number((cents / 100).toFixed(2));

function toPayment(p: AsaasPayment, status: InvoiceStatus = statusOf(p)): ProviderPayment {
  const billingType = (BILLING_TYPES as readonly string[]).includes(p.billingType ?? "")
    ? (p.billingType as BillingType)
    : "PIX";
  const paidOn = p.clientPaymentDate ?? p.paymentDate ?? p.confirmedDate ?? null;
  return {
    providerPaymentId: p.id,
    providerSubscriptionId: p.subscription ?? null,
    status,
    valueCents: toCents(p.value),
    dueDate: (p.dueDate ?? "").slice(0, 10),
    billingType,
    invoiceUrl: p.invoiceUrl ?? null,
    boletoUrl: p.bankSlipUrl ?? null,
    paidAt:
      status === "paid" || status === "refunded"
        ? paidOn
          ? new Date(`${paidOn.slice(0, 10)}T12:00:00-03:00`).toISOString()
          : new Date().toISOString()
        : null,
    externalReference: p.externalReference ?? null,
    kind: p.subscription ? "subscription" : "upgrade",
  };
}

/** A payload's payment, or null when it is not one Asaas would send. */
function parsePayment(raw: unknown): AsaasPayment | null {
  const parsed = AsaasPaymentSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Asaas writes "2024-06-12 16:45:03" in São Paulo time. */
function occurredAt(dateCreated: unknown): string {
  if (
    typeof dateCreated === "string" &&
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(dateCreated)
  ) {
    return new Date(`${dateCreated.replace(" ", "T")}-03:00`).toISOString();
  }
  return new Date().toISOString();
}

export function asaasProvider(config: AsaasConfig): BillingProvider {
  const log = config.log ?? serverLog;
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          access_token: config.apiKey,
          "content-type": "application/json",
          "user-agent": "Carimbou",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.error(`Asaas ${method} ${path} failed: ${(error as Error).message}`);
      throw providerFailed(`The payment provider did not answer (${method} ${path}).`);
    }
    const text = await res.text();
    if (!res.ok) {
      log.error(`Asaas ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
      throw providerFailed(`The payment provider refused ${method} ${path} (${res.status}).`);
    }
    try {
      return (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw providerFailed(`The payment provider answered ${method} ${path} with no JSON.`);
    }
  }

  async function listPayments(subscriptionId: string): Promise<ProviderPayment[]> {
    const payments: ProviderPayment[] = [];
    // 100 a page; a monthly subscription has 12 a year (the cap is far beyond any real one).
    for (let offset = 0; offset < 2_000; offset += 100) {
      const page = await call<{ data?: unknown[]; hasMore?: boolean }>(
        "GET",
        `/subscriptions/${encodeURIComponent(subscriptionId)}/payments?limit=100&offset=${offset}`,
      );
      for (const raw of page.data ?? []) {
        const p = parsePayment(raw);
        if (p) payments.push(toPayment(p));
        else log.error(`Asaas: an odd payment of ${subscriptionId} was skipped`);
      }
      if (!page.hasMore) break;
    }
    return payments;
  }

  return {
    name: "asaas",
    async createCustomer(input) {
      const customer = await call<{ id: string }>("POST", "/customers", {
        name: input.name,
        cpfCnpj: input.document,
        email: input.email,
        externalReference: input.companyId,
        notificationDisabled: true,
      });
      return { customerId: customer.id };
    },
    async createSubscription(input) {
      const subscription = await call<{ id: string }>("POST", "/subscriptions", {
        customer: input.customerId,
        billingType: input.billingType,
        value: toReais(input.valueCents),
        nextDueDate: input.nextDueDate,
        cycle: "MONTHLY",
        description: input.description,
        externalReference: input.companyId,
      });
      // Asaas makes the first charge with the subscription; a failure to read it now is healed by
      // its PAYMENT_CREATED webhook or the reconciliation.
      let firstPayment: ProviderPayment | null = null;
      try {
        const payments = await listPayments(subscription.id);
        firstPayment = payments.sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null;
      } catch (error) {
        log.error(`Asaas: reading the first charge of ${subscription.id} failed`, error);
      }
      return { subscriptionId: subscription.id, firstPayment };
    },
    async changePlan(subscriptionId, input) {
      await call("PUT", `/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        value: toReais(input.valueCents),
        description: input.description,
        updatePendingPayments: true,
      });
    },
    async cancel(subscriptionId) {
      await call("DELETE", `/subscriptions/${encodeURIComponent(subscriptionId)}`);
    },
    async createCharge(input) {
      const raw = await call<unknown>("POST", "/payments", {
        customer: input.customerId,
        billingType: input.billingType,
        value: toReais(input.valueCents),
        dueDate: input.dueDate,
        description: input.description,
        externalReference: input.companyId,
      });
      const p = parsePayment(raw);
      if (!p) throw providerFailed("The payment provider answered POST /payments with no charge.");
      return toPayment(p);
    },
    async cancelCharge(paymentId) {
      await call("DELETE", `/payments/${encodeURIComponent(paymentId)}`);
    },
    async getPayment(paymentId) {
      const p = parsePayment(
        await call<unknown>("GET", `/payments/${encodeURIComponent(paymentId)}`),
      );
      if (!p) throw providerFailed(`The payment provider answered an odd payment ${paymentId}.`);
      return toPayment(p);
    },
    listPayments,
    async pixCode(paymentId) {
      const qr = await call<{ encodedImage?: string; payload?: string }>(
        "GET",
        `/payments/${encodeURIComponent(paymentId)}/pixQrCode`,
      );
      if (!qr.payload) return null;
      return {
        code: qr.payload,
        image: qr.encodedImage ? `data:image/png;base64,${qr.encodedImage}` : null,
      };
    },
    parseWebhook(headers, rawBody) {
      if (!sameSecret(headers.get("asaas-access-token"), config.webhookToken)) {
        throw new AppError("unauthenticated", 401, "Bad webhook token.");
      }
      // Past the token, nothing here throws: an odd event is kept as `ignored` with why (a 500
      // would make Asaas retry it, and pause the webhook queue of every company).
      const ignored = (reason: string, raw: unknown, eventId?: string): BillingEvent[] => [
        {
          eventId: eventId ?? `invalid:${createHash("sha256").update(rawBody).digest("hex")}`,
          type: "ignored",
          occurredAt: new Date().toISOString(),
          raw: { reason, body: raw },
        },
      ];
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return ignored("not_json", rawBody.slice(0, 2000));
      }
      const parsed = WebhookSchema.safeParse(json);
      if (!parsed.success) return ignored("no_event", json);
      const body = parsed.data;
      const type = EVENT_TYPES[body.event] ?? "ignored";
      const rawPayment = body.payment as { id?: unknown } | undefined;
      const paymentId = typeof rawPayment?.id === "string" ? rawPayment.id : "";
      const eventId = body.id
        ? body.id
        : `${body.event}:${paymentId || (body.subscription?.id ?? "")}:${body.dateCreated ?? ""}`;
      const event: BillingEvent = {
        eventId,
        type,
        occurredAt: occurredAt(body.dateCreated),
        raw: body,
      };
      if (type === "subscription_cancelled") {
        const id = body.subscription?.id;
        if (!id) return [{ ...event, type: "ignored" }];
        event.providerSubscriptionId = id;
        return [event];
      }
      if (type === "ignored") return [event];
      const payment = parsePayment(body.payment);
      if (!payment) return ignored("invalid_payment", body, eventId);
      event.payment = toPayment(payment, STATUS_OF_EVENT[type] ?? statusOf(payment));
      return [event];
    },
  };
}
