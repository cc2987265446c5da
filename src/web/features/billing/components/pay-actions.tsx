import type { BillingOverview, Invoice } from "@shared/billing.schema";
import { Copy, ExternalLink, FileText, QrCode, Receipt } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { formatMoney } from "@/web/lib/format";
import { devCheckoutPath } from "../api";

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

/** The Pix QR image (a data URL; bare base64 is read as PNG). */
const qrSource = (image: string) =>
  image.startsWith("data:") ? image : `data:image/png;base64,${image}`;

/** 'Pix': the QR code to scan and the copy-and-paste code. */
function PixDialog({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  const id = useId();
  const amount = formatMoney(invoice.amountCents);
  const code = invoice.pixCode ?? "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t("invoices.copied"));
    } catch {
      toast.error(t("invoices.copyFailed"));
    }
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <QrCode aria-hidden="true" />
          {t("invoices.pix")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogTitle>{t("invoices.pixTitle")}</DialogTitle>
        <DialogDescription>{t("invoices.pixHint")}</DialogDescription>
        <p className="font-semibold text-lg">{amount}</p>
        {invoice.pixQrImage ? (
          <img
            src={qrSource(invoice.pixQrImage)}
            alt={t("invoices.pixQr", { amount })}
            width={220}
            height={220}
            className="mx-auto size-55 rounded-md border bg-white p-2"
          />
        ) : null}
        <div className="grid gap-2">
          <label htmlFor={`${id}-code`} className="font-medium text-sm">
            {t("invoices.pixCode")}
          </label>
          <textarea
            id={`${id}-code`}
            readOnly
            value={code}
            rows={3}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("invoices.close")}
            </Button>
          </DialogClose>
          <Button type="button" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t("invoices.copyPix")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
