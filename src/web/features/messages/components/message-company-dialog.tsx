import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { MessageForm } from "./message-form";

export type MessageCompanyDialogProps = { companyId: string; companyName: string };

/**
 * 'Enviar mensagem' to a company (e.g. from a directory entry): a dialog with the message form;
 * 'Mensagem enviada' on success, and the dialog closes.
 */
export function MessageCompanyDialog({ companyId, companyName }: MessageCompanyDialogProps) {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <MessageSquare aria-hidden="true" />
          {t("send.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("send.title", { company: companyName })}</DialogTitle>
        <DialogDescription>{t("send.description")}</DialogDescription>
        <MessageForm
          companyId={companyId}
          onSent={() => setOpen(false)}
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
