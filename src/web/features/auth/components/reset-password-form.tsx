import { zodResolver } from "@hookform/resolvers/zod";
import type { Role } from "@shared/auth.schema";
import { type ResetPassword, ResetPasswordSchema } from "@shared/auth.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useResetPassword } from "../api";
import { FormErrorAlert } from "./account-fields";
import { AuthCard } from "./auth-card";

type ResetPasswordFormProps = {
  /** The token of the e-mail's link; missing when the link was cut. */
  token: string | null;
  onDone: (role: Role) => void;
  onRequestNew: () => void;
};

/** The new password, typed twice; every session of the account ends when it is saved. */
export function ResetPasswordForm({ token, onDone, onRequestNew }: ResetPasswordFormProps) {
  const { t } = useTranslation("auth");
  const form = useForm<z.input<typeof ResetPasswordSchema>, unknown, ResetPassword>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { token: token ?? "", password: "", passwordConfirmation: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const reset = useResetPassword();

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (done) => onDone(done.role),
      onError: (error) => applyServerFieldErrors(form, error),
    });
  });

  const linkUnusable =
    !token || (reset.error instanceof ApiError && reset.error.code === "reset_token_invalid");
  const password = field("password", { hint: true });
  const confirmation = field("passwordConfirmation");

  return (
    <AuthCard
      title={t("resetPassword.title")}
      description={t("resetPassword.description")}
      switchLabel={t("resetPassword.requestNew")}
      onSwitch={onRequestNew}
    >
      {linkUnusable ? (
        <div className="grid gap-4">
          <FormErrorAlert>
            <p>{token ? errorMessage(reset.error) : t("resetPassword.missingToken")}</p>
          </FormErrorAlert>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {reset.isError &&
          !(reset.error instanceof ApiError && reset.error.code === "validation_failed") ? (
            <FormErrorAlert>
              <p>{errorMessage(reset.error)}</p>
            </FormErrorAlert>
          ) : null}
          <Field
            id={password.id}
            label={t("resetPassword.password")}
            hint={t("fields.passwordHint")}
            error={password.error}
          >
            <PasswordInput
              autoComplete="new-password"
              showLabel={t("password.show")}
              hideLabel={t("password.hide")}
              {...password.control}
            />
          </Field>
          <Field
            id={confirmation.id}
            label={t("resetPassword.confirmation")}
            error={confirmation.error}
          >
            <PasswordInput
              autoComplete="new-password"
              showLabel={t("password.show")}
              hideLabel={t("password.hide")}
              {...confirmation.control}
            />
          </Field>
          <Button type="submit" size="lg" disabled={reset.isPending} aria-busy={reset.isPending}>
            {reset.isPending ? <Spinner /> : null}
            {t("resetPassword.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
