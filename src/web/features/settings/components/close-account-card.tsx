import { zodResolver } from "@hookform/resolvers/zod";
import { type CloseCompany, CloseCompanySchema } from "@shared/privacy.schema";
import { DoorClosed } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
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
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
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
  const { t } = useTranslation(["settings", "auth"]);
  const form = useForm<CloseCompany>({
    resolver: zodResolver(CloseCompanySchema),
    defaultValues: { password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const close = useCloseAccount();
  const wrongPassword = (error: unknown) =>
    error instanceof ApiError && error.code === "wrong_password";
  const onSubmit = form.handleSubmit((values) =>
    close.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (wrongPassword(error)) {
          form.setError("password", { type: "server", message: errorMessage(error) });
          form.setFocus("password");
          return;
        }
        applyServerFieldErrors(form, error);
      },
    }),
  );
  const password = field("password", { hint: true });
  const otherError =
    close.isError &&
    !wrongPassword(close.error) &&
    !(close.error instanceof ApiError && close.error.code === "validation_failed");
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        id={password.id}
        label={t("closure.password")}
        hint={t("closure.passwordHint")}
        error={password.error}
      >
        <PasswordInput
          autoComplete="current-password"
          showLabel={t("auth:password.show")}
          hideLabel={t("auth:password.hide")}
          {...password.control}
        />
      </Field>
      {otherError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(close.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("closure.cancel")}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={close.isPending}
          aria-busy={close.isPending}
        >
          {close.isPending ? <Spinner /> : null}
          {t("closure.confirm")}
        </Button>
      </div>
    </form>
  );
}
