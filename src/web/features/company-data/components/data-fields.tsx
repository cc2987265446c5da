import type { ComponentProps } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { useFormField } from "@/web/lib/form";

/** Field messages only these pages use (the `company-data:validation` keys). */
const OWN_MESSAGES = [
  "social_link_invalid",
  "review_link_invalid",
  "website_invalid",
  "summary_too_long",
  "logo_required",
  "brand_color_invalid",
] as const;
type OwnMessage = (typeof OWN_MESSAGES)[number];
const isOwnMessage = (key: string | undefined): key is OwnMessage =>
  (OWN_MESSAGES as readonly string[]).includes(key ?? "");

export type BoundField = ReturnType<ReturnType<typeof useFormField>>;

/** `useFormField`, also translating the messages of the shared company-data schema. */
export function useDataField<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  const { t } = useTranslation("company-data");
  const field = useFormField(form);
  return (name: Path<T>, options?: { hint?: boolean }): BoundField => {
    const bound = field(name, options);
    return isOwnMessage(bound.error) ? { ...bound, error: t(`validation.${bound.error}`) } : bound;
  };
}

type TextFieldProps = {
  field: BoundField;
  label: string;
  hint?: string;
  className?: string;
} & Omit<ComponentProps<"input">, "id" | "className">;

/** A labelled text input with its hint and error. */
export function TextField({ field, label, hint, className, ...input }: TextFieldProps) {
  return (
    <Field id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <Input {...input} {...field.control} />
    </Field>
  );
}
