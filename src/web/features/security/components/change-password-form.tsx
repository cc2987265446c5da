import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePassword, ChangePasswordSchema } from "@shared/security.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useChangePassword } from "../api";

/** Current and new password; the server signs out every other session of the account. */
export function ChangePasswordForm() {
  const { t } = useTranslation(["security", "auth"]);
  const form = useForm<z.input<typeof ChangePasswordSchema>, unknown, ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const change = useChangePassword();

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast.success(t("password.changed"), { description: t("password.changedDescription") });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "wrong_password") {
          form.setError("currentPassword", { type: "server", message: errorMessage(error) });
          form.setFocus("currentPassword");
          return;
        }
        applyServerFieldErrors(form, error);
        if (!(error instanceof ApiError && error.code === "validation_failed"))
          toast.error(errorMessage(error));
      },
    });
  });

  const current = field("currentPassword");
  const next = field("newPassword", { hint: true });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">{t("password.title")}</h3>
        <p className="text-muted-foreground text-sm">{t("password.description")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={current.id} label={t("password.current")} error={current.error}>
          <PasswordInput
            autoComplete="current-password"
            showLabel={t("auth:password.show")}
            hideLabel={t("auth:password.hide")}
            {...current.control}
          />
        </Field>
        <Field id={next.id} label={t("password.new")} hint={t("password.hint")} error={next.error}>
          <PasswordInput
            autoComplete="new-password"
            showLabel={t("auth:password.show")}
            hideLabel={t("auth:password.hide")}
            {...next.control}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? <Spinner /> : null}
          {t("password.submit")}
        </Button>
      </div>
    </form>
  );
}
