import { Languages } from "lucide-react";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { setSiteLanguage, useSiteLanguage, useTexts } from "../texts";

/** Switches the site between Portuguese and English and remembers it (`app-language`). */
export function LanguageToggle({ className }: { className?: string }) {
  const common = useTexts("common");
  const next = useSiteLanguage() === "en" ? "pt-BR" : "en";
  return (
    <button
      type="button"
      lang={next}
      className={buttonVariants({ variant: "ghost", size: "sm", className })}
      onClick={() => void setSiteLanguage(next)}
    >
      <Languages aria-hidden="true" />
      {common.language.switch}
    </button>
  );
}
