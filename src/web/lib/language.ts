/**
 * The visitor's language preference, shared by the app (`lib/i18n.ts`) and the public site
 * (`site/texts.ts`): local storage `app-language` (`pt` or `en`, spec section 2), mirrored in a
 * cookie of the same name so the server sends the site's pages already in that language.
 * Stored as a language code (`pt`/`en`); the app and the site work in locales (`pt-BR`/`en`).
 */
import { DEFAULT_LOCALE, type Locale, toLanguage, toLocale } from "@shared/languages";

export const LANGUAGE_STORAGE_KEY = "app-language";

/** The remembered choice; Portuguese without one (or without storage). */
export function storedLanguage(): Locale {
  try {
    return toLocale(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Remembers the choice in local storage and in the cookie. */
export function rememberLanguage(locale: Locale) {
  const value = toLanguage(locale);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${value}; path=/; max-age=31536000; samesite=lax`;
}

/** Writes the cookie of a choice kept only in local storage (made before the cookie existed). */
export function syncLanguageCookie() {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored && !document.cookie.includes(`${LANGUAGE_STORAGE_KEY}=${stored}`)) {
      rememberLanguage(toLocale(stored));
    }
  } catch {
    // Storage disabled: nothing to sync.
  }
}
