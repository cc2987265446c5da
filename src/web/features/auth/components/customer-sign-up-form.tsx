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
import { EmailField, FormErrorAlert, PasswordField, PhoneField, today } from "./account-fields";

/**
 * The form's fields: only what joining needs (name, e-mail, password; phone and birthday
 * optional). City and state are asked later, in 'Meus dados'; the origin comes from the link.
 */
const CustomerSignUpFormSchema = CustomerSignUpSchema.omit({
  origin: true,
  city: true,
  state: true,
});
type CustomerSignUpForm = z.output<typeof CustomerSignUpFormSchema>;

/** Today as YYYY-MM-DD in the browser's time zone (the latest possible birthday). */

type CustomerSignUpFormProps = {
  /** The sign-up link's parameters (empresa_id, origem, parceria, afiliado, indicador, empresa). */
  origin?: SignUpOriginParams;
  onSignedUp: (email: string) => void;
  /**
   * The trade name of the company the link names (found): the form then offers the unticked
   * 'Quero receber promoções…' box, in the words the server records.
   */
  companyName?: string;
  /** The company's colours (brand-color.ts brandPalette) for the submit button. */
  accent?: { background: string; foreground: string };
  /** Stamps the company gives on the birthday (its rule on): the birthday field says why. */
  birthdayStamps?: number | null;
};

export function CustomerSignUpForm({
  origin,
  onSignedUp,
  companyName,
  accent,
  birthdayStamps,
}: CustomerSignUpFormProps) {
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
  const birthDate = field("birthDate", { hint: true });

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
      <Field
        id={birthDate.id}
        label={t("fields.birthDate")}
        hint={
          birthdayStamps
            ? t("fields.birthDateReason", { count: birthdayStamps })
            : t("fields.birthDateReasonGeneric")
        }
        error={birthDate.error}
      >
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
      <Button
        type="submit"
        size="lg"
        disabled={signUp.isPending}
        aria-busy={signUp.isPending}
        style={
          accent ? { backgroundColor: accent.background, color: accent.foreground } : undefined
        }
      >
        {signUp.isPending ? <Spinner /> : null}
        {t("submit.signUpCustomer")}
      </Button>
    </form>
  );
}
