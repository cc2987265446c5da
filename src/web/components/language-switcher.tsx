import type { Locale } from "@shared/languages";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { setLanguagePreference } from "@/web/lib/i18n";
import { cn } from "@/web/lib/utils";
import { Button } from "./ui/button";

/**
 * Switches between Portuguese and English and remembers the choice (key `app-language`). In a
 * signed-in area the route passes `onSwitch`, which also keeps it for the user on the server (as
 * Settings → Idioma does), so the next visit's appearance does not switch it back.
 */
export function LanguageSwitcher({
  className,
  onSwitch = setLanguagePreference,
}: {
  className?: string;
  onSwitch?: (locale: Locale) => void;
}) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === "en" ? "pt-BR" : "en";
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      lang={next}
      className={cn("text-muted-foreground", className)}
      onClick={() => onSwitch(next)}
    >
      <Languages aria-hidden="true" />
      {t("language.switch")}
    </Button>
  );
}
