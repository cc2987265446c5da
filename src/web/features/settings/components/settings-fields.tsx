import { type ReactNode, useId, useState } from "react";
import { MoneyInput } from "@/web/components/money-input";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { validationMessage } from "@/web/lib/error-message";
import { fieldAria } from "@/web/lib/form";

/** A number input whose text the section turns into a number (with the spec's fallback). */
export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step = 1,
  className,
}: {
  label: ReactNode;
  value: number;
  onChange: (raw: string) => void;
  error?: string;
  hint?: ReactNode;
  min: number;
  max?: number;
  step?: number;
  className?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        {...fieldAria(id, { hint: Boolean(hint) && !error, error })}
        type="number"
        inputMode={step < 1 ? "decimal" : "numeric"}
        min={min}
        max={max}
        step={step}
        defaultValue={value}
        key={value}
        onBlur={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * An amount in reais ("5,50", "5.50", "1.234,56"), kept in cents. While the text means no amount
 * the section gets NaN (its schema refuses to save it) and the field says how to type it.
 */
export function MoneyField({
  label,
  cents,
  onChange,
  error,
  className,
}: {
  label: ReactNode;
  cents: number;
  onChange: (cents: number) => void;
  error?: string;
  className?: string;
}) {
  const id = useId();
  const [invalid, setInvalid] = useState(false);
  const shown = invalid ? validationMessage("money_invalid") : error;
  return (
    <Field id={id} label={label} error={shown} className={className}>
      <MoneyInput
        {...fieldAria(id, { error: shown })}
        cents={cents}
        onCentsChange={(value) => {
          setInvalid(value === null);
          onChange(value ?? Number.NaN);
        }}
      />
    </Field>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  className,
  type = "text",
  hint,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  type?: "text" | "date";
  hint?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        {...fieldAria(id, { hint: Boolean(hint) && !error, error })}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
