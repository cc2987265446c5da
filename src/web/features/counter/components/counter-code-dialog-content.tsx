import { formatShortCode } from "@shared/counter";
import { useQuery } from "@tanstack/react-query";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useOnline } from "@/web/lib/use-online";
import { counterCodeQueryOptions } from "../api";

/**
 * The open 'Mostrar no balcão' dialog (counter-code-dialog.tsx opens it): fetched with the QR
 * code's encoder on the first tap, not with the customer's first screen (issue 35).
 */
export function CounterCodeDialogContent({
  onOpenChange,
  onCloseAutoFocus,
}: {
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation("counter");
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-sm justify-items-center text-center"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle>{t("code.title")}</DialogTitle>
        <DialogDescription>{t("code.description")}</DialogDescription>
        <CounterCode />
        <DialogClose asChild>
          <Button type="button" variant="outline" size="lg" className="w-full">
            {t("code.close")}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

function CounterCode() {
  const { t } = useTranslation("counter");
  const code = useQuery(counterCodeQueryOptions());
  const image = useQrImage(code.data?.qr);
  const online = useOnline();
  if (code.isPending) return <Spinner />;
  if (code.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(code.error)}
      </p>
    );
  }
  const shortCode = formatShortCode(code.data.shortCode);
  if (!online) {
    // The QR code kept from before the drop is signed for a past step: no counter would take it.
    // The short code stays valid, and an offline counter takes it typed.
    return (
      <div className="grid w-full justify-items-center gap-3">
        <p
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-50"
        >
          {t("code.offline")}
        </p>
        <p
          className="font-bold font-mono text-4xl tracking-widest"
          data-testid="counter-short-code"
        >
          {shortCode}
        </p>
      </div>
    );
  }
  return (
    <div className="grid w-full justify-items-center gap-3">
      <div className="aspect-square w-full max-w-72 rounded-lg bg-white p-1">
        {image ? (
          <img
            src={image}
            alt={t("code.qrAlt")}
            data-testid="counter-qr"
            data-code={code.data.qr}
            className="size-full [image-rendering:pixelated]"
          />
        ) : null}
      </div>
      <p className="text-muted-foreground text-sm">{t("code.shortLabel")}</p>
      <p className="font-bold font-mono text-4xl tracking-widest" data-testid="counter-short-code">
        {shortCode}
      </p>
      <p className="text-muted-foreground text-xs">{t("code.refreshes")}</p>
    </div>
  );
}

/** The QR code of `text` as a PNG data URL (black on white, quiet zone of 2 modules). */
function useQrImage(text: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    QRCode.toDataURL(text, {
      width: 320,
      margin: 2,
      errorCorrectionLevel: "M",
      color: { dark: "#000000", light: "#ffffff" },
    })
      .then((url) => live && setImage(url))
      .catch((error) => console.error("QR code generation failed", error));
    return () => {
      live = false;
    };
  }, [text]);
  return image;
}
