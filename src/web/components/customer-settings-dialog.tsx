import { type Language, toLanguage, toLocale } from "@shared/languages";
import { Settings, ShieldCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { setLanguagePreference } from "@/web/lib/i18n";
import { setThemePreference, storedTheme, type Theme } from "@/web/lib/theme";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./ui/dialog";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";

/**
 * The customer's settings: theme claro/escuro and language pt/en, applied at once, and the way to
 * 'Meus dados' (the LGPD's rights, issue 34).
 */
export function CustomerSettingsDialog({
  onChange,
  children,
}: {
  /** Keeps the choice for the user (the route saves it on the server). */
  onChange?: (appearance: { theme: Theme; language: Language }) => void;
  /** More sections under theme and language (the route composes them: 'Comunicações'). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("customer");
  const id = useId();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Settings aria-hidden="true" />
          {t("settings.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("settings.title")}</DialogTitle>
        <DialogDescription>{t("settings.description")}</DialogDescription>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-theme`}>{t("settings.theme")}</Label>
            <NativeSelect
              id={`${id}-theme`}
              value={theme}
              onChange={(e) => {
                const next = e.target.value === "dark" ? "dark" : "light";
                setTheme(next);
                setThemePreference(next);
                onChange?.({ theme: next, language: toLanguage(i18n.language) });
              }}
            >
              <option value="light">{t("settings.light")}</option>
              <option value="dark">{t("settings.dark")}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-language`}>{t("settings.language")}</Label>
            <NativeSelect
              id={`${id}-language`}
              value={toLocale(i18n.language)}
              onChange={(e) => {
                const locale = toLocale(e.target.value);
                setLanguagePreference(locale);
                onChange?.({ theme, language: toLanguage(locale) });
              }}
            >
              <option value="pt-BR">Português</option>
              <option value="en">English</option>
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-1 border-t pt-4">
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/dashboard-cliente/meus-dados">
              <ShieldCheck aria-hidden="true" />
              {t("settings.myData")}
            </Link>
          </Button>
          <p className="text-muted-foreground text-xs">{t("settings.myDataHint")}</p>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}
