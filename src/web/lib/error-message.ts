import ptErrors from "../locales/pt-BR/errors.json";
import ptValidation from "../locales/pt-BR/validation.json";
import { ApiError } from "./api-client";
import { i18n } from "./i18n";

export type ValidationKey = keyof typeof ptValidation;
export type ErrorKey = keyof typeof ptErrors;
const isValidationKey = (key: string): key is ValidationKey => key in ptValidation;
const isErrorKey = (key: string): key is ErrorKey => key in ptErrors;

/**
 * The text to show for a failed request: the translated API error code, the server's message
 * for a code this app does not know, or `fallback` when the request never got an API answer.
 * Call it while rendering a component that uses `useTranslation`, so it follows the language.
 */
export function errorMessage(error: unknown, fallback: ErrorKey = "internal_error"): string {
  if (error instanceof ApiError) {
    if (isErrorKey(error.code)) return i18n.t(`errors:${error.code}`);
    if (error.message) return error.message;
  }
  return i18n.t(`errors:${fallback}`);
}

/** A field message: the shared schemas (and the API's `fields`) use keys of `validation`. */
export function validationMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationKey(message) ? i18n.t(`validation:${message}`) : message;
}
