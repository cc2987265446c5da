import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CustomerSignUpSchema } from "@/shared/auth.schema";
import type { SignUpOriginParams } from "@/shared/origin";
import { StateOptions } from "@/web/components/brazil-options";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSignUpCustomer } from "../api";

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
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(signUp.error, "signup_failed")}</AlertDescription>
        </Alert>
      ) : null}

      <Field id={name.id} label={t("fields.name")} error={name.error}>
        <Input autoComplete="name" placeholder={t("placeholders.name")} {...name.control} />
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
      <Field id={phone.id} label={t("fields.phoneOptional")} error={phone.error}>
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
