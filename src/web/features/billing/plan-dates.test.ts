import type { Invoice } from "@shared/billing.schema";
import { describe, expect, it } from "vitest";
import { checkoutTarget } from "./api";
import { accessUntil, chargeToPay, formatUntil } from "./plan-dates";

const invoice = (id: string, status: Invoice["status"]): Invoice => ({
  id,
  plan: "pro",
  amountCents: 100,
  dueDate: "2026-01-01",
  status,
  billingType: "PIX",
  invoiceUrl: null,
  boletoUrl: null,
  pixCode: null,
  pixQrImage: null,
  paidAt: null,
});

describe("billing dates", () => {
  it("shows a period ending at São Paulo midnight as paid until the day before", () => {
    expect(formatUntil("2026-12-24T03:00:00.000Z")).toBe("23/12/2026");
    expect(formatUntil("2026-12-25T11:28:00.000Z")).toBe("25/12/2026");
  });

  it("keeps access until the later of the paid period and the trial", () => {
    const trialEndsAt = "2026-12-25T11:28:00.000Z";
    expect(accessUntil({ paidUntil: null, trialEndsAt })).toBe(trialEndsAt);
    expect(accessUntil({ paidUntil: "2027-01-25T03:00:00.000Z", trialEndsAt })).toBe(
      "2027-01-25T03:00:00.000Z",
    );
    expect(accessUntil({ paidUntil: "2026-11-01T03:00:00.000Z", trialEndsAt })).toBe(trialEndsAt);
  });

  it("pays the oldest overdue charge first, else the oldest open one (invoices newest first)", () => {
    const paid = invoice("paid", "paid");
    expect(chargeToPay({ invoices: [paid] })).toBeNull();
    expect(
      chargeToPay({
        invoices: [
          invoice("new", "pending"),
          invoice("late", "overdue"),
          invoice("older", "overdue"),
          paid,
        ],
      })?.id,
    ).toBe("older");
    expect(chargeToPay({ invoices: [invoice("b", "pending"), invoice("a", "pending")] })?.id).toBe(
      "a",
    );
  });
});

describe("checkoutTarget", () => {
  it("opens the dev checkout in the app and a provider's page outside it", () => {
    expect(checkoutTarget("/plano/checkout/inv_1")).toEqual({
      kind: "app",
      path: "/plano/checkout/inv_1",
    });
    expect(checkoutTarget("/dev/checkout/inv_2")).toEqual({
      kind: "app",
      path: "/plano/checkout/inv_2",
    });
    expect(checkoutTarget("https://sandbox.asaas.com/i/abc")).toEqual({
      kind: "external",
      url: "https://sandbox.asaas.com/i/abc",
    });
    expect(checkoutTarget("//evil.example/x").kind).toBe("external");
  });
});
