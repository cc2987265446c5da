import type { BillingOverview, Invoice } from "@shared/billing.schema";
import { ExternalLink, FileText, QrCode, Receipt } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";
import { devCheckoutPath } from "../api";

/** The Pix dialog's content (with Radix's Dialog): fetched on the first click (decision 042). */
const PixDialogContent = lazyWithTexts(
  () => import("./pix-dialog-content").then((m) => m.PixDialogContent),
  ["billing"],
);

type Provider = BillingOverview["provider"];

const isOpen = (invoice: Invoice) => invoice.status === "pending" || invoice.status === "overdue";

/** A link to the provider's page, in a new tab (a path of this app stays in it). */
function ProviderLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation("billing");
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={href}>{children}</Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">{t("invoices.newTab")}</span>
      </a>
    </Button>
  );
}

/**
 * How to pay (or see) a charge: 'Pagar agora' (the dev provider's checkout, or the provider's
 * page), the Pix QR code and 'Copiar código Pix', the boleto; a paid charge's 'Recibo'.
 */
export function PayActions({
  invoice,
  provider,
  primary = false,
}: {
  invoice: Invoice;
  provider: Provider;
  /** The banner's variant: 'Pagar agora' as the main button. */
  primary?: boolean;
}) {
  const { t } = useTranslation("billing");
  if (!isOpen(invoice)) {
    return invoice.status === "paid" && invoice.invoiceUrl ? (
      <ProviderLink href={invoice.invoiceUrl}>
        <Receipt aria-hidden="true" />
        {t("invoices.receipt")}
      </ProviderLink>
    ) : null;
  }
  return (
    <>
      {provider === "dev" ? (
        <Button asChild size="sm" variant={primary ? "default" : "outline"}>
          <Link to={devCheckoutPath(invoice.id)}>{t("invoices.payNow")}</Link>
        </Button>
      ) : null}
      {invoice.pixCode ? <PixDialog invoice={invoice} /> : null}
      {invoice.boletoUrl ? (
        <ProviderLink href={invoice.boletoUrl}>
          <FileText aria-hidden="true" />
          {t("invoices.boleto")}
        </ProviderLink>
      ) : null}
      {provider !== "dev" && invoice.invoiceUrl ? (
        <ProviderLink href={invoice.invoiceUrl}>{t("invoices.pay")}</ProviderLink>
      ) : null}
    </>
  );
}

/** 'Pix': the QR code to scan and the copy-and-paste code. */
function PixDialog({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps} size="sm" variant="outline">
        <QrCode aria-hidden="true" />
        {t("invoices.pix")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <PixDialogContent
            invoice={invoice}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
