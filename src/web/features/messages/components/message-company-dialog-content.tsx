import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { MessageForm } from "./message-form";

export type MessageCompanyDialogProps = { companyId: string; companyName: string };

/**
 * The open 'Enviar mensagem' (message-company-dialog.tsx opens it): its form, react-hook-form and
 * the message's schema are fetched on the first tap, not with the customer's first screen (issue 35).
 */
export function MessageCompanyDialogContent({
  companyId,
  companyName,
  onOpenChange,
  onCloseAutoFocus,
}: MessageCompanyDialogProps & {
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation("messages");
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{t("send.title", { company: companyName })}</DialogTitle>
        <DialogDescription>{t("send.description")}</DialogDescription>
        <MessageForm
          companyId={companyId}
          onSent={() => onOpenChange(false)}
          actions={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("send.cancel")}
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
