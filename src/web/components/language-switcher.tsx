import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { setLanguagePreference } from "@/web/lib/i18n";
import { cn } from "@/web/lib/utils";
import { Button } from "./ui/button";

/** Switches between Portuguese and English and remembers the choice (key `app-language`). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === "en" ? "pt-BR" : "en";
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      lang={next}
      className={cn("text-muted-foreground", className)}
      onClick={() => setLanguagePreference(next)}
    >
      <Languages aria-hidden="true" />
      {t("language.switch")}
    </Button>
  );
}
