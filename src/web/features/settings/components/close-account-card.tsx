import { DoorClosed } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordConfirmForm } from "@/web/components/password-confirm-form";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { useCloseAccount } from "../api";

/**
 * 'Sistema' → 'Fechar conta' (issue 34, the Owner): a danger card whose dialog offers the full
 * backup first (`backupAction`, the backup feature's button put here by the route), says what
 * closing does (the subscription, the members, the 30 days, the invoices kept by law, restoring)
 * and asks for the password. Once closed, the panel becomes the closed screen (company-area).
 */
export function CloseAccountCard({ backupAction }: { backupAction?: ReactNode }) {
  const { t } = useTranslation("settings");
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-3 rounded-lg border border-destructive/40 p-4">
      <div className="grid gap-1">
        <h3 className="font-medium text-destructive">{t("closure.title")}</h3>
        <p className="text-muted-foreground text-sm">{t("closure.description")}</p>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button type="button" variant="destructive" className="justify-self-start">
            <DoorClosed aria-hidden="true" />
            {t("closure.open")}
          </Button>
        </DialogTrigger>
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogTitle>{t("closure.dialogTitle")}</DialogTitle>
          <div className="grid gap-2 rounded-md bg-muted p-3 text-sm">
            <p>{t("closure.backupFirst")}</p>
            {backupAction}
          </div>
          <DialogDescription asChild>
            <ul className="grid list-disc gap-2 pl-5">
              <li>{t("closure.subscription")}</li>
              <li>{t("closure.members")}</li>
              <li>{t("closure.deletion")}</li>
              <li>{t("closure.restore")}</li>
            </ul>
          </DialogDescription>
          {open ? <PasswordForm onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("settings");
  const close = useCloseAccount();
  return (
    <PasswordConfirmForm
      mutation={close}
      onSuccess={onDone}
      texts={{
        label: t("closure.password"),
        hint: t("closure.passwordHint"),
        cancel: t("closure.cancel"),
        confirm: t("closure.confirm"),
      }}
    />
  );
}
