import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StateOptions } from "@/web/components/brazil-options";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { PasswordInput } from "@/web/components/ui/password-input";

/**
 * One wired field, as `useFormField(form)(name)` (react-hook-form) returns it, or the sign-in
 * form (sign-in-form-core.tsx, without react-hook-form).
 */
type FormField = {
  id: string;
  error: string | undefined;
  control: {
    id: string;
    name: string;
    defaultValue?: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    onChange: (event: { target: unknown }) => unknown;
    onBlur?: (event: { target: unknown }) => unknown;
    ref?: (instance: HTMLElement | null) => void;
  };
};

/** The fields the sign-in and both sign-up forms share, with the same labels everywhere. */
export function EmailField({ field }: { field: FormField }) {
  const { t } = useTranslation("auth");
  return (
    <Field id={field.id} label={t("fields.email")} error={field.error}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t("placeholders.email")}
        {...field.control}
      />
    </Field>
  );
}

/** The password with its show/hide toggle; a new password shows the 'Mínimo 6 caracteres' hint. */
export function PasswordField({ field, isNew }: { field: FormField; isNew: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <Field
      id={field.id}
      label={t("fields.password")}
      hint={isNew ? t("fields.passwordHint") : undefined}
      error={field.error}
    >
      <PasswordInput
        autoComplete={isNew ? "new-password" : "current-password"}
        showLabel={t("password.show")}
        hideLabel={t("password.hide")}
        {...field.control}
      />
    </Field>
  );
}

export function PhoneField({ field, optional }: { field: FormField; optional: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <Field
      id={field.id}
      label={optional ? t("fields.phoneOptional") : t("fields.phone")}
      error={field.error}
    >
      <Input
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t("placeholders.phone")}
        {...field.control}
      />
    </Field>
  );
}

export function CityStateFields({ city, state }: { city: FormField; state: FormField }) {
  const { t } = useTranslation("auth");
  return (
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
  );
}

/** The destructive alert over a form (login errors, sign-up failures). */
export function FormErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** Today's date on this device as an <input type="date"> value (a birthday's upper bound). */
export const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
