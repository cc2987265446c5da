import { BILLING_TYPES, type BillingType, type InvoiceStatus } from "@shared/billing.schema";
import { AppError } from "../../errors";
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

type AsaasPayment = {
  id: string;
  subscription?: string | null;
  status?: string;
  value?: number;
  dueDate?: string;
  billingType?: string;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  confirmedDate?: string | null;
  externalReference?: string | null;
  deleted?: boolean;
};

const EVENT_TYPES: Record<string, BillingEventType> = {
  PAYMENT_CREATED: "payment_created",
  PAYMENT_RECEIVED: "payment_received",
  PAYMENT_CONFIRMED: "payment_received",
  PAYMENT_OVERDUE: "payment_overdue",
  PAYMENT_REFUNDED: "payment_refunded",
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
      return "refunded";
    default:
      return "pending";
  }
}

const toCents = (value: number | undefined) => Math.round((value ?? 0) * 100);
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
  };
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
  const log = config.log ?? console;
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
      const page = await call<{ data?: AsaasPayment[]; hasMore?: boolean }>(
        "GET",
        `/subscriptions/${encodeURIComponent(subscriptionId)}/payments?limit=100&offset=${offset}`,
      );
      payments.push(...(page.data ?? []).map((p) => toPayment(p)));
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
      let body: {
        id?: string;
        event?: string;
        dateCreated?: string;
        payment?: AsaasPayment;
        subscription?: { id?: string };
      };
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new AppError("validation_failed", 400, "The webhook's body is not JSON.");
      }
      if (!body || typeof body !== "object" || typeof body.event !== "string") {
        throw new AppError("validation_failed", 400, "The webhook names no event.");
      }
      const type = EVENT_TYPES[body.event] ?? "ignored";
      const eventId =
        typeof body.id === "string" && body.id
          ? body.id
          : `${body.event}:${body.payment?.id ?? body.subscription?.id ?? ""}:${body.dateCreated ?? ""}`;
      const event: BillingEvent = {
        eventId,
        type,
        occurredAt: occurredAt(body.dateCreated),
        raw: body,
      };
      if (body.payment?.id && type !== "subscription_cancelled") {
        event.payment = toPayment(body.payment, STATUS_OF_EVENT[type] ?? statusOf(body.payment));
      }
      if (type === "subscription_cancelled") {
        const id = body.subscription?.id;
        if (!id) return [{ ...event, type: "ignored" }];
        event.providerSubscriptionId = id;
      }
      return [event];
    },
  };
}
