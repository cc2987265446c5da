import type { Locale } from "@shared/languages";
import { type ReactNode, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Renders its page in `language` (the `-en` routes) without touching the saved preference.
 * The switch happens before the first paint, so the other language never flashes.
 */
export function PageLanguage({ language, children }: { language: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  return i18n.language === language ? children : null;
}
