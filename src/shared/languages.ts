/**
 * Two spellings of the same two languages, one per layer:
 * - `Language` ('pt' | 'en', spec section 2): what is stored and exchanged — the profile's
 *   `language` column, the API (appearance, password recovery), local storage and the
 *   `app-language` cookie.
 * - `Locale` ('pt-BR' | 'en'): what texts are written in — i18next, `src/web/locales/<locale>/`,
 *   `<html lang>`, the public site's pages and e-mails.
 * Convert with `toLocale` and `toLanguage`, never by hand.
 */

export const LANGUAGES = ["pt", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** pt-BR is the source of every text; the other locales have the same keys. */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LANGUAGE: Language = "pt";
export const DEFAULT_LOCALE: Locale = "pt-BR";

/** 'en' (as a language or a locale) is English; anything else (pt, pt-BR, null, junk) Portuguese. */
const isEnglish = (value: string | null | undefined) => value === "en";

/** A language code, a locale or nothing to the locale its texts are in: 'en' -> 'en', else 'pt-BR'. */
export const toLocale = (value: string | null | undefined): Locale =>
  isEnglish(value) ? "en" : DEFAULT_LOCALE;

/** A locale, a language code or nothing to the code stored and sent: 'en' -> 'en', else 'pt'. */
export const toLanguage = (value: string | null | undefined): Language =>
  isEnglish(value) ? "en" : DEFAULT_LANGUAGE;

/** A locale as Open Graph spells it (`og:locale`): 'pt_BR', 'en_US'. */
export const toOpenGraphLocale = (locale: Locale) => (locale === "en" ? "en_US" : "pt_BR");
