import { zodResolver } from "@hookform/resolvers/zod";
import { NewPasswordSchema } from "@shared/auth.schema";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { invitationQueryOptions, useAcceptInvitation } from "../api";

const PasswordFormSchema = z.object({ password: NewPasswordSchema });
type PasswordForm = z.infer<typeof PasswordFormSchema>;

/**
 * The invitation link's page: who invited whom, and the password (sign-up rules). `onAccepted`
 * gets the e-mail and password, so the page can sign the person in.
 */
export function AcceptInvitationForm({
  token,
  onAccepted,
}: {
  token: string;
  onAccepted: (credentials: { email: string; password: string }) => void;
}) {
  const { t } = useTranslation("customers");
  const invitation = useQuery(invitationQueryOptions(token));
  const accept = useAcceptInvitation();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const password = field("password", { hint: true });

  if (!token || invitation.isError) {
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-destructive">
          {t("invitation.invalid")}
        </p>
        <Button asChild variant="outline">
          <Link to="/login-cliente">{t("invitation.toLogin")}</Link>
        </Button>
      </div>
    );
  }
  if (invitation.isPending) return <Spinner />;

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(
      { token, password: values.password },
      {
        onSuccess: ({ email }) => onAccepted({ email, password: values.password }),
        onError: (error) => applyServerFieldErrors(form, error),
      },
    ),
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1">
        <p className="font-medium">
          {t("invitation.welcome", { company: invitation.data.companyName })}
        </p>
        <p className="text-muted-foreground text-sm">
          {t("invitation.account", { email: invitation.data.email })}
        </p>
        <p className="text-muted-foreground text-sm">{t("invitation.text")}</p>
      </div>
      {accept.isError ? (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errorMessage(accept.error)}
        </p>
      ) : null}
      <Field
        id={password.id}
        label={t("invitation.password")}
        hint={t("invitation.passwordHint")}
        error={password.error}
      >
        <PasswordInput
          autoComplete="new-password"
          showLabel={t("invitation.show")}
          hideLabel={t("invitation.hide")}
          {...password.control}
        />
      </Field>
      <Button type="submit" disabled={accept.isPending}>
        {t("invitation.submit")}
      </Button>
    </form>
  );
}
