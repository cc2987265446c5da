import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type Path, type PathValue, useForm } from "react-hook-form";
import type { z } from "zod";
import { validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors } from "@/web/lib/form";

/** What a section saves with: a TanStack mutation's `mutate`. */
type Save<T> = {
  mutate: (input: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/**
 * A settings section's form (react-hook-form with the shared schema): it holds an editable copy of
 * what the server keeps, reset when the server's copy changes; saving checks it with the schema
 * first, and the API's field errors are shown too. Any change clears the messages.
 */
export function useSectionForm<T extends FieldValues>(saved: T, schema: z.ZodType<T, T>) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    values: saved,
    reValidateMode: "onSubmit",
  });

  return {
    /** The values on screen. */
    value: form.watch(),
    /** Field message by path ("review.stamps"), translated. */
    error: (path: Path<T>) =>
      validationMessage(form.getFieldState(path, form.formState).error?.message),
    set: <P extends Path<T>>(path: P, value: PathValue<T, P>) => {
      form.setValue(path, value);
      form.clearErrors();
    },
    /**
     * Checks the values with the shared schema, then saves them; the API's field errors go on the
     * fields and `onFailed` tells the user.
     */
    submit: (save: Save<T>, onSaved: () => void, onFailed: (error: unknown) => void) =>
      form.handleSubmit((input) =>
        save.mutate(input, {
          onSuccess: onSaved,
          onError: (error) => {
            applyServerFieldErrors(form, error);
            onFailed(error);
          },
        }),
      )(),
  };
}

/** Spec section 5: a count that is not a number falls back to `fallback`. */
export const numberOr = (raw: string, fallback: number) => {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isFinite(n) ? n : fallback;
};
