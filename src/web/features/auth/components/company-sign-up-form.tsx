import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type CompanySignUp, CompanySignUpSchema } from "@/shared/auth.schema";
import { SectorOptions, StateOptions } from "@/web/components/brazil-options";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSignUpCompany } from "../api";

/** Company sign-up: the admin account, the company and its 30-day trial, in one step. */
export function CompanySignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation("auth");
  const form = useForm<z.input<typeof CompanySignUpSchema>, unknown, CompanySignUp>({
    resolver: zodResolver(CompanySignUpSchema),
    defaultValues: { companyName: "", email: "", password: "", phone: "", city: "", state: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const signUp = useSignUpCompany();

  const onSubmit = form.handleSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: (result) => onSignedUp(result.email),
      onError: (error) => applyServerFieldErrors(form, error),
    });
  });

  const companyName = field("companyName");
  const email = field("email");
  const password = field("password", { hint: true });
  const phone = field("phone");
  const city = field("city");
  const state = field("state");
  const sector = field("sector");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {signUp.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(signUp.error, "signup_failed")}</AlertDescription>
        </Alert>
      ) : null}

      <Field id={companyName.id} label={t("fields.companyName")} error={companyName.error}>
        <Input
          autoComplete="organization"
          placeholder={t("placeholders.companyName")}
          {...companyName.control}
        />
      </Field>
      <Field id={email.id} label={t("fields.email")} error={email.error}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("placeholders.email")}
          {...email.control}
        />
      </Field>
      <Field
        id={password.id}
        label={t("fields.password")}
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
      <Field id={phone.id} label={t("fields.phone")} error={phone.error}>
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t("placeholders.phone")}
          {...phone.control}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field id={city.id} label={t("fields.city")} error={city.error}>
          <Input
            autoComplete="address-level2"
            placeholder={t("placeholders.city")}
            {...city.control}
          />
        </Field>
        <Field id={state.id} label={t("fields.state")} error={state.error}>
          <NativeSelect autoComplete="address-level1" {...state.control}>
            <StateOptions />
          </NativeSelect>
        </Field>
      </div>
      <Field id={sector.id} label={t("fields.sector")} error={sector.error}>
        <NativeSelect {...sector.control}>
          <SectorOptions />
        </NativeSelect>
      </Field>
      <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
        {signUp.isPending ? <Spinner /> : null}
        {t("submit.signUpCompany")}
      </Button>
    </form>
  );
}
