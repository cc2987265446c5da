import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CustomerSignUpSchema } from "@/shared/auth.schema";
import type { SignUpOriginParams } from "@/shared/origin";
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
};

export function CustomerSignUpForm({ origin, onSignedUp }: CustomerSignUpFormProps) {
  const { t } = useTranslation("auth");
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
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const signUp = useSignUpCustomer();

  const onSubmit = form.handleSubmit((values) => {
    signUp.mutate(origin ? { ...values, origin } : values, {
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
      <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
        {signUp.isPending ? <Spinner /> : null}
        {t("submit.signUpCustomer")}
      </Button>
    </form>
  );
}
