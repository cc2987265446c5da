import { ACCOUNT_DELETION_GRACE_DAYS } from "@shared/privacy.schema";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PasswordConfirmForm } from "@/web/components/password-confirm-form";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { useRequestDeletion } from "../api";

/**
 * 'Excluir minha conta': what is deleted, the 7-day grace period, and the password that confirms
 * it. A wrong password stays on the field; the page then shows the pending deletion.
 */
export function DeleteAccountDialog() {
  const { t } = useTranslation("privacy");
  const [open, setOpen] = useState(false);
  const days = ACCOUNT_DELETION_GRACE_DAYS;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden="true" />
          {t("deletion.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("deletion.dialogTitle")}</DialogTitle>
        <DialogDescription asChild>
          <div className="grid gap-2">
            <p>{t("deletion.what", { days })}</p>
            <p>{t("deletion.companies")}</p>
            <p className="font-medium text-foreground">{t("deletion.grace", { days })}</p>
          </div>
        </DialogDescription>
        {open ? <PasswordForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("privacy");
  const request = useRequestDeletion();
  return (
    <PasswordConfirmForm
      mutation={request}
      onSuccess={() => {
        toast.success(t("deletion.requested"));
        onDone();
      }}
      texts={{
        label: t("deletion.password"),
        hint: t("deletion.passwordHint"),
        cancel: t("deletion.cancel"),
        confirm: t("deletion.confirm"),
      }}
    />
  );
}
