import { formatCalendarDate } from "@shared/dates";
import type ptErrors from "../locales/pt-BR/errors.json";
import type ptValidation from "../locales/pt-BR/validation.json";
import { ApiError } from "./api-client";
import { i18n } from "./i18n";

export type ValidationKey = keyof typeof ptValidation;
export type ErrorKey = keyof typeof ptErrors;
// Asked of the loaded texts (the routes load both namespaces with their code), so these files
// are not bundled with every form: the sign-in entry fetches them with its first submit.
const isValidationKey = (key: string): key is ValidationKey => i18n.exists(`validation:${key}`);
const isErrorKey = (key: string): key is ErrorKey => i18n.exists(`errors:${key}`);

/**
 * Values an error carries for its text (e.g. `location_change_too_soon`'s `date`), a YYYY-MM-DD
 * shown as dd/MM/yyyy; an instant (ISO, e.g. `stamp_too_soon`'s `at`) as HH:mm when it is today,
 * else dd/MM/yyyy - HH:mm, in the browser's time zone.
 */
const errorValues = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatCalendarDate(value)
        : /^\d{4}-\d{2}-\d{2}T/.test(value)
          ? formatInstant(value)
          : value,
    ]),
  );

// The browser's own formatting, not date-fns: this file is in the sign-in pages' light entry
// (decision 018, 120 KB).
function formatInstant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = date.toLocaleTimeString("pt-BR", { hour: "2-digit", minute: "2-digit" });
  return date.toDateString() === new Date().toDateString()
    ? time
    : `${date.toLocaleDateString("pt-BR")} - ${time}`;
}

/** `i18n.t` with values for any key (the typed overloads take them only for keys that use them). */
const translate = (key: string, values: Record<string, string>): string =>
  (i18n.t as unknown as (key: string, values: Record<string, string>) => string).call(
    i18n,
    key,
    values,
  );

/**
 * The text to show for a failed request: the translated API error code, the server's message
 * for a code this app does not know, or `fallback` when the request never got an API answer.
 * Call it while rendering a component that uses `useTranslation`, so it follows the language.
 */
export function errorMessage(error: unknown, fallback: ErrorKey = "internal_error"): string {
  if (error instanceof ApiError) {
    if (isErrorKey(error.code)) return translate(`errors:${error.code}`, errorValues(error.fields));
    if (error.message) return error.message;
  }
  return i18n.t(`errors:${fallback}`);
}

/** A field message: the shared schemas (and the API's `fields`) use keys of `validation`. */
export function validationMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationKey(message) ? i18n.t(`validation:${message}`) : message;
}
