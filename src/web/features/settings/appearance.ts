import { type Locale, toLanguage, toLocale } from "@shared/languages";
import type { Appearance } from "@shared/settings.schema";
import { useTranslation } from "react-i18next";
import { setLanguagePreference } from "@/web/lib/i18n";
import { setThemePreference, storedTheme } from "@/web/lib/theme";
import { useSaveAppearance } from "./api";

/** The appearance now on screen (theme and language as applied). */
export function currentAppearance(locale: string): Appearance {
  return { theme: storedTheme(), language: toLanguage(locale) };
}

/** Applies a theme and language at once and keeps them for the user on the server. */
export function useApplyAppearance() {
  const { i18n } = useTranslation();
  const save = useSaveAppearance();
  return (
    change: Partial<Appearance>,
    options: { onSaved?: () => void; onError?: () => void } = {},
  ) => {
    const next = { ...currentAppearance(i18n.language), ...change };
    setThemePreference(next.theme);
    setLanguagePreference(toLocale(next.language));
    save.mutate(next, { onSuccess: options.onSaved, onError: options.onError });
  };
}

/**
 * The headers' language switch in a signed-in area: applies the language and keeps it for the
 * user on the server, as 'Idioma' below does (else the saved one comes back on the next visit).
 */
export function useSwitchLanguage() {
  const apply = useApplyAppearance();
  return (locale: Locale) => apply({ language: toLanguage(locale) });
}
