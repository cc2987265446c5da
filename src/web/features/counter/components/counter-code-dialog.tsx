import { QrCode } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";

/** The dialog, the QR code's encoder (8 KB) and Radix's Dialog: fetched on the first tap. */
const CounterCodeDialogContent = lazyWithTexts(
  () => import("./counter-code-dialog-content").then((m) => m.CounterCodeDialogContent),
  ["counter", "errors"],
);

/**
 * 'Mostrar no balcão': the customer's QR code, big enough to be read by a phone held up at the
 * counter, and the short code to say or type (K7Q-2MX). The QR code changes every 30 seconds
 * (signed by the server; a screenshot stops working within a minute): it is fetched again while
 * the dialog is open and the page visible.
 */
export function CounterCodeDialog({ className }: { className?: string }) {
  const { t } = useTranslation("counter");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps} size="lg" className={className}>
        <QrCode aria-hidden="true" />
        {t("code.open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CounterCodeDialogContent onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
