import { useId } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api-client";
import { validationMessage } from "./error-message";

export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;

/** `aria-*` props that tie a control to its hint and error message. */
export function fieldAria(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const describedBy = [hint ? fieldHintId(id) : null, error ? fieldErrorId(id) : null]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

/**
 * Wires a react-hook-form field: its id, its translated error and the control's props. Editing a
 * field clears its error (spec section 5); the whole form is checked again on the next submit,
 * so use it with `reValidateMode: "onSubmit"`.
 */
export function useFormField<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  const prefix = useId();
  return (name: Path<T>, { hint = false }: { hint?: boolean } = {}) => {
    const id = `${prefix}${name}`;
    const error = validationMessage(form.getFieldState(name, form.formState).error?.message);
    return {
      id,
      error,
      control: {
        // The hint gives way to the error message (see Field).
        ...fieldAria(id, { hint: hint && !error, error }),
        ...form.register(name, { onChange: () => form.clearErrors(name) }),
      },
    };
  };
}

/**
 * Puts the API's `validation_failed` field messages (keys of `validation`) on the matching fields,
 * nested ones too ("review.stamps" goes on that field of the form's `review`).
 */
export function applyServerFieldErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
) {
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return;
  const names = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(error.fields)) {
    if (names.includes(field.split(".")[0]!)) {
      form.setError(field as Path<T>, { type: "server", message });
    }
  }
}
