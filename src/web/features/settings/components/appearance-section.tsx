import { toLanguage } from "@shared/languages";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { currentAppearance, useApplyAppearance } from "../appearance";

// The switch's hooks live apart, so the panel's header does not load this section's form
// (decision 042); exported here too for the places that import them from this file.
export { useSwitchLanguage } from "../appearance";

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
