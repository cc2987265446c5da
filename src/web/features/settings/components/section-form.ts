import { useEffect, useState } from "react";
import type { z } from "zod";
import { ApiError } from "@/web/lib/api-client";
import { validationMessage } from "@/web/lib/error-message";

/**
 * A settings section's editable copy of what the server holds: reset when the server's copy
 * changes, checked with the shared schema before saving, the API's field errors shown too.
 */
/** What a section saves with: a TanStack mutation's `mutate`. */
type Save<T> = {
  mutate: (input: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

export function useSectionForm<T>(saved: T | undefined, schema: z.ZodType<T>) {
  const [value, setValue] = useState<T | undefined>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setValue(saved);
    setErrors({});
  }, [saved]);

  /** The value to send, or null (errors shown) when the shared schema refuses it. */
  const check = (): T | null => {
    if (value === undefined) return null;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) next[issue.path.join(".")] ??= issue.message;
    setErrors(next);
    return null;
  };

  return {
    value,
    /** Field message by path ("review.stamps"), translated. */
    error: (path: string) => validationMessage(errors[path]),
    update: (change: (current: T) => T) => {
      setValue((current) => (current === undefined ? current : change(current)));
      setErrors({});
    },
    /**
     * Checks the value with the shared schema, then saves it; the API's field errors go on the
     * fields and `onFailed` tells the user.
     */
    submit: (save: Save<T>, onSaved: () => void, onFailed: (error: unknown) => void) => {
      const input = check();
      if (!input) return;
      save.mutate(input, {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.code === "validation_failed")
            setErrors(error.fields);
          onFailed(error);
        },
      });
    },
  };
}

/** Spec section 5: a count that is not a number falls back to `fallback`. */
export const numberOr = (raw: string, fallback: number) => {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isFinite(n) ? n : fallback;
};
