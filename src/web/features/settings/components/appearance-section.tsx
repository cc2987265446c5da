import { type Locale, toLanguage, toLocale } from "@shared/languages";
import type { Appearance } from "@shared/settings.schema";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { setLanguagePreference } from "@/web/lib/i18n";
import { setThemePreference, storedTheme } from "@/web/lib/theme";
import { useSaveAppearance } from "../api";

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

/** Aparência: tema claro/escuro and idioma pt/en. */
export function AppearanceSection() {
  const { t, i18n } = useTranslation("settings");
  const id = useId();
  const apply = useApplyAppearance();
  const current = currentAppearance(i18n.language);
  const feedback = {
    onSaved: () => toast.success(t("saved.settings")),
    onError: () => toast.error(t("errors.settingsSave")),
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-theme`}>{t("appearance.theme")}</Label>
        <NativeSelect
          id={`${id}-theme`}
          value={current.theme}
          onChange={(e) => apply({ theme: e.target.value === "dark" ? "dark" : "light" }, feedback)}
        >
          <option value="light">{t("appearance.light")}</option>
          <option value="dark">{t("appearance.dark")}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-language`}>{t("appearance.language")}</Label>
        <NativeSelect
          id={`${id}-language`}
          value={current.language}
          onChange={(e) => apply({ language: toLanguage(e.target.value) }, feedback)}
        >
          <option value="pt">Português</option>
          <option value="en">English</option>
        </NativeSelect>
      </div>
    </div>
  );
}
