import type { Invoice } from "@shared/billing.schema";
import { Copy } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { formatMoney } from "@/web/lib/format";

/** The Pix QR image (a data URL; bare base64 is read as PNG). */
const qrSource = (image: string) =>
  image.startsWith("data:") ? image : `data:image/png;base64,${image}`;

/** The open 'Pix' dialog: the QR code to scan and the copy-and-paste code (pay-actions.tsx). */
export function PixDialogContent({
  invoice,
  onOpenChange,
  onCloseAutoFocus,
}: {
  invoice: Invoice;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
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
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
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
