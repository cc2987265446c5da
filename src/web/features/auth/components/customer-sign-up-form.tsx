import { zodResolver } from "@hookform/resolvers/zod";
import { marketingConsentText } from "@shared/assistant.schema";
import { CustomerSignUpSchema } from "@shared/auth.schema";
import { toLanguage } from "@shared/languages";
import type { SignUpOriginParams } from "@shared/origin";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSignUpCustomer } from "../api";
import {
  CityStateFields,
  EmailField,
  FormErrorAlert,
  PasswordField,
  PhoneField,
} from "./account-fields";

/** The form's fields; the origin comes from the link, not from the person. */
const CustomerSignUpFormSchema = CustomerSignUpSchema.omit({ origin: true });
type CustomerSignUpForm = z.output<typeof CustomerSignUpFormSchema>;

/** Today as YYYY-MM-DD in the browser's time zone (the latest possible birthday). */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

type CustomerSignUpFormProps = {
  /** The sign-up link's parameters (empresa_id, origem, parceria, afiliado, indicador, empresa). */
  origin?: SignUpOriginParams;
  onSignedUp: (email: string) => void;
  /**
   * The trade name of the company the link names (found): the form then offers the unticked
   * 'Quero receber promoções…' box, in the words the server records.
   */
  companyName?: string;
};

export function CustomerSignUpForm({ origin, onSignedUp, companyName }: CustomerSignUpFormProps) {
  const { t, i18n } = useTranslation("auth");
  const consentId = useId();
  const language = toLanguage(i18n.language);
  const form = useForm<z.input<typeof CustomerSignUpFormSchema>, unknown, CustomerSignUpForm>({
    resolver: zodResolver(CustomerSignUpFormSchema),
    defaultValues: {
      name: "",
      email: "",
      password: "",
      phone: "",
      city: "",
      state: "",
      birthDate: "",
      marketingConsent: false,
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const signUp = useSignUpCustomer();

  const onSubmit = form.handleSubmit((values) => {
    // The consent only with a company to agree to, and in the language of the text shown.
    const consent = companyName ? { marketingConsent: values.marketingConsent === true } : {};
    const input = { ...values, marketingConsent: undefined, ...consent, language };
    signUp.mutate(origin ? { ...input, origin } : input, {
      onSuccess: (result) => onSignedUp(result.email),
      onError: (error) => applyServerFieldErrors(form, error),
    });
  });

  const name = field("name");
  const email = field("email");
  const password = field("password", { hint: true });
  const phone = field("phone");
  const city = field("city");
  const state = field("state");
  const birthDate = field("birthDate");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {signUp.isError ? (
        <FormErrorAlert>{errorMessage(signUp.error, "signup_failed")}</FormErrorAlert>
      ) : null}

      <Field id={name.id} label={t("fields.name")} error={name.error}>
        <Input autoComplete="name" placeholder={t("placeholders.name")} {...name.control} />
      </Field>
      <EmailField field={email} />
      <PasswordField field={password} isNew />
      <PhoneField field={phone} optional={true} />
      <CityStateFields city={city} state={state} />
      <Field id={birthDate.id} label={t("fields.birthDate")} error={birthDate.error}>
        <Input type="date" autoComplete="bday" max={today()} {...birthDate.control} />
      </Field>
      {companyName ? (
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...form.register("marketingConsent")}
          />
          <label htmlFor={consentId} className="text-muted-foreground text-sm leading-snug">
            {marketingConsentText(language, companyName)}
          </label>
        </div>
      ) : null}
      <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
        {signUp.isPending ? <Spinner /> : null}
        {t("submit.signUpCustomer")}
      </Button>
    </form>
  );
}
