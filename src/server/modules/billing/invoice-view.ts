import type { Invoice } from "@shared/billing.schema";
import type { InvoiceRow } from "./billing-events";

// How an invoice and a payer's document are shown (the billing page, the dev payment page).

// The document masked but for its last digits: "***.***.***-25" (CPF), "**.***.***/0001-81" (CNPJ).
export function maskDocument(digits: string): string {
  if (digits.length === 14) return `**.***.***/${digits.slice(8, 12)}-${digits.slice(12)}`;
  return `***.***.***-${digits.slice(-2)}`;
}

export function toInvoice(r: InvoiceRow): Invoice {
  const payable = r.status === "pending" || r.status === "overdue";
  return {
    id: r.id,
    plan: r.plan,
    amountCents: r.amountCents,
    dueDate: r.dueDate,
    status: r.status,
    billingType: r.billingType,
    invoiceUrl: r.invoiceUrl,
    boletoUrl: r.boletoUrl,
    pixCode: payable ? r.pixCode : null,
    pixQrImage: payable ? r.pixQrImage : null,
    paidAt: r.paidAt?.toISOString() ?? null,
  };
}
