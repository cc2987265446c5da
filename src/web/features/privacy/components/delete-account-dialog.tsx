import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type RequestDeletion,
  RequestDeletionSchema,
} from "@shared/privacy.schema";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
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
  const { t } = useTranslation(["privacy", "auth"]);
  const form = useForm<RequestDeletion>({
    resolver: zodResolver(RequestDeletionSchema),
    defaultValues: { password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const request = useRequestDeletion();
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast.success(t("deletion.requested"));
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "wrong_password") {
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
    request.isError &&
    !(request.error instanceof ApiError && request.error.code === "wrong_password") &&
    !(request.error instanceof ApiError && request.error.code === "validation_failed");
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        id={password.id}
        label={t("deletion.password")}
        hint={t("deletion.passwordHint")}
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
          {errorMessage(request.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("deletion.cancel")}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={request.isPending}
          aria-busy={request.isPending}
        >
          {request.isPending ? <Spinner /> : null}
          {t("deletion.confirm")}
        </Button>
      </div>
    </form>
  );
}
