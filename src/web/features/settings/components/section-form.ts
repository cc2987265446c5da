import { useEffect, useState } from "react";
import type { z } from "zod";
import { ApiError } from "@/web/lib/api-client";
import { validationMessage } from "@/web/lib/error-message";

/**
 * A settings section's editable copy of what the server holds: reset when the server's copy
 * changes, checked with the shared schema before saving, the API's field errors shown too.
 */
export function useSectionForm<T>(saved: T | undefined, schema: z.ZodType<T>) {
  const [value, setValue] = useState<T | undefined>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setValue(saved);
    setErrors({});
  }, [saved]);

  return {
    value,
    errors,
    /** Field message by path ("review.stamps"), translated. */
    error: (path: string) => validationMessage(errors[path]),
    update: (change: (current: T) => T) => {
      setValue((current) => (current === undefined ? current : change(current)));
      setErrors({});
    },
    /** The value to send, or null (errors shown) when the shared schema refuses it. */
    check: (): T | null => {
      if (value === undefined) return null;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      const next: Record<string, string> = {};
      for (const issue of result.error.issues) next[issue.path.join(".")] ??= issue.message;
      setErrors(next);
      return null;
    },
    serverErrors: (error: unknown) => {
      if (error instanceof ApiError && error.code === "validation_failed") setErrors(error.fields);
    },
  };
}

/** Spec section 5: a count that is not a number falls back to `fallback`. */
export const numberOr = (raw: string, fallback: number) => {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isFinite(n) ? n : fallback;
};
