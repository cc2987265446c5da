import { MessageSquare } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";

import type { MessageCompanyDialogProps } from "./message-company-dialog-content";

/** The dialog, its form and react-hook-form: fetched on the first tap (issue 35). */
const MessageCompanyDialogContent = lazyWithTexts(
  () => import("./message-company-dialog-content").then((m) => m.MessageCompanyDialogContent),
  ["messages", "errors", "validation"],
);

/**
 * 'Enviar mensagem' to a company (e.g. from a directory entry): a dialog with the message form;
 * 'Mensagem enviada' on success, and the dialog closes.
 */
export function MessageCompanyDialog({ companyId, companyName }: MessageCompanyDialogProps) {
  const { t } = useTranslation("messages");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps} variant="outline" size="sm">
        <MessageSquare aria-hidden="true" />
        {t("send.open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MessageCompanyDialogContent
            companyId={companyId}
            companyName={companyName}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
