import { type Language, toLanguage, toLocale } from "@shared/languages";
import { ShieldCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { setLanguagePreference } from "@/web/lib/i18n";
import { Link } from "@/web/lib/nav";
import { setThemePreference, storedTheme, type Theme } from "@/web/lib/theme";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";

/** The open 'Configurações' (customer-settings-dialog.tsx opens it, fetched on the first tap). */
export function CustomerSettingsDialogContent({
  onChange,
  children,
  onOpenChange,
  onCloseAutoFocus,
}: {
  onChange?: (appearance: { theme: Theme; language: Language }) => void;
  children?: ReactNode;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t, i18n } = useTranslation("customer");
  const id = useId();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
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
