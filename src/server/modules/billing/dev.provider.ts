import { randomUUID } from "node:crypto";
import { AppError } from "../../errors";
import type { BillingProvider, ProviderPayment } from "./provider";

/**
 * The dev provider (no ASAAS_API_KEY; never in production): ids made here, nothing charged, no
 * state of its own beyond our tables. The local checkout page (/plano/checkout/:invoiceId, through
 * /api/dev/billing) simulates a paid, failed or overdue charge, and the dev clock makes the next
 * month's charge as a provider would (billing-dev.ts).
 */
export function devProvider(): BillingProvider {
  return {
    name: "dev",
    async createCustomer() {
      return { customerId: `dev_cus_${randomUUID()}` };
    },
    async createSubscription(input) {
      const subscriptionId = `dev_sub_${randomUUID()}`;
      return {
        subscriptionId,
        firstPayment: devPayment({
          providerSubscriptionId: subscriptionId,
          valueCents: input.valueCents,
          dueDate: input.nextDueDate,
          billingType: input.billingType,
        }),
      };
    },
    async changePlan() {},
    async cancel() {},
    async createCharge(input) {
      return {
        ...devPayment({
          providerSubscriptionId: null,
          valueCents: input.valueCents,
          dueDate: input.dueDate,
          billingType: input.billingType,
        }),
        kind: "upgrade",
      };
    },
    async cancelCharge() {},
    async getPayment() {
      return null;
    },
    async listPayments() {
      return [];
    },
    async pixCode() {
      return null;
    },
    parseWebhook() {
      throw new AppError("not_found", 404, "The dev provider sends no webhooks.");
    },
  };
}

/** A new pending dev charge (the first one, or the next month's from the dev clock). */
export function devPayment(
  input: Pick<ProviderPayment, "providerSubscriptionId" | "valueCents" | "dueDate" | "billingType">,
): ProviderPayment {
  const providerPaymentId = `dev_pay_${randomUUID()}`;
  return {
    ...input,
    providerPaymentId,
    status: "pending",
    invoiceUrl: null,
    boletoUrl: null,
    // A made-up 'copia e cola' code, so the screens show what a real Pix charge shows.
    pixCode:
      input.billingType === "PIX"
        ? `00020126580014br.gov.bcb.pix0136${providerPaymentId.slice(8, 44)}5204000053039865802BR5913CARIMBOU DEV6009SAO PAULO6304DEV0`
        : null,
  };
}
