import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Invitation,
  type InvitationSignUp,
  InvitationSignUpSchema,
} from "@shared/customers.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { StateOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { PasswordInput } from "@/web/components/ui/password-input";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useInvitationSignUp } from "../api";

/**
 * /convite for an e-mail without an account: the person's own account (what the company typed in
 * 'Novo Cliente' comes prefilled, to check and complete: name, phone, birthday, city and state;
 * the password is theirs) and the invitation accepted in the same step. `onAccepted` gets the
 * e-mail and password, so the page can sign the person in.
 */
export function InvitationSignUpForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: Pick<Invitation, "name" | "phone" | "birthDate" | "city" | "state">;
  onAccepted: (credentials: { email: string; password: string }) => void;
}) {
  const { t } = useTranslation("customers");
  const signUp = useInvitationSignUp();
  const form = useForm<z.input<typeof InvitationSignUpSchema>, unknown, InvitationSignUp>({
    resolver: zodResolver(InvitationSignUpSchema),
    defaultValues: {
      token,
      name: invitation.name,
      password: "",
      phone: invitation.phone ?? "",
      birthDate: invitation.birthDate ?? "",
      city: invitation.city ?? "",
      state: invitation.state ?? "",
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const nameField = field("name");
  const password = field("password", { hint: true });
  const phone = field("phone");
  const birthDate = field("birthDate");
  const city = field("city");
  const state = field("state");

  const onSubmit = form.handleSubmit((input) =>
    signUp.mutate(input, {
      onSuccess: ({ email }) => onAccepted({ email, password: input.password }),
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
      <Field id={nameField.id} label={t("invitation.name")} error={nameField.error}>
        <Input autoComplete="name" {...nameField.control} />
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={phone.id} label={t("invitation.phone")} error={phone.error}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...phone.control} />
        </Field>
        <Field id={birthDate.id} label={t("invitation.birthDate")} error={birthDate.error}>
          <Input type="date" autoComplete="bday" {...birthDate.control} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field id={city.id} label={t("invitation.city")} error={city.error}>
          <Input autoComplete="address-level2" {...city.control} />
        </Field>
        <Field id={state.id} label={t("invitation.state")} error={state.error}>
          {/* The typed UF selected from the first paint, before the form registers the field. */}
          <NativeSelect defaultValue={invitation.state ?? ""} {...state.control}>
            <StateOptions />
          </NativeSelect>
        </Field>
      </div>
      <Button type="submit" disabled={signUp.isPending}>
        {t("invitation.signUpSubmit")}
      </Button>
    </form>
  );
}
