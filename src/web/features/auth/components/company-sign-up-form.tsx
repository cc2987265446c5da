import { zodResolver } from "@hookform/resolvers/zod";
import { type CompanySignUp, CompanySignUpSchema } from "@shared/auth.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SectorOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSignUpCompany } from "../api";
import {
  CityStateFields,
  EmailField,
  FormErrorAlert,
  PasswordField,
  PhoneField,
} from "./account-fields";

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
        <FormErrorAlert>{errorMessage(signUp.error, "signup_failed")}</FormErrorAlert>
      ) : null}

      <Field id={companyName.id} label={t("fields.companyName")} error={companyName.error}>
        <Input
          autoComplete="organization"
          placeholder={t("placeholders.companyName")}
          {...companyName.control}
        />
      </Field>
      <EmailField field={email} />
      <PasswordField field={password} isNew />
      <PhoneField field={phone} optional={false} />
      <CityStateFields city={city} state={state} />
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
