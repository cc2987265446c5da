import { zodResolver } from "@hookform/resolvers/zod";
import {
  type StaffInvitationAccepted,
  type StaffInvitationSignUp,
  StaffInvitationSignUpSchema,
} from "@shared/team.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { PasswordInput } from "@/web/components/ui/password-input";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useStaffSignUp } from "../api";

/**
 * /equipe/convite for an e-mail without an account: a name and a password. The server makes the
 * account (the invitation's e-mail), joins the team and signs the person in; `onJoined` gets the
 * company and role, so the page can go to the member's home.
 */
export function StaffSignUpForm({
  token,
  onJoined,
}: {
  token: string;
  onJoined: (accepted: StaffInvitationAccepted) => void;
}) {
  const { t } = useTranslation("team");
  const signUp = useStaffSignUp();
  const form = useForm<StaffInvitationSignUp>({
    resolver: zodResolver(StaffInvitationSignUpSchema),
    defaultValues: { token, name: "", password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const name = field("name");
  const password = field("password", { hint: true });

  const onSubmit = form.handleSubmit((input) =>
    signUp.mutate(input, {
      onSuccess: onJoined,
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <p className="text-muted-foreground text-sm">{t("invitation.signUpIntro")}</p>
      {signUp.isError ? (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errorMessage(signUp.error)}
        </p>
      ) : null}
      <Field id={name.id} label={t("invitation.name")} error={name.error}>
        <Input autoComplete="name" {...name.control} />
      </Field>
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
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {t("invitation.signUpSubmit")}
      </Button>
    </form>
  );
}
