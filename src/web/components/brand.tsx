import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/utils";
import { BrandMark, brandLinkClass } from "./brand-mark";

/**
 * The Carimbou mark and name, linking home. A plain link: the home page is the public site's, a
 * page load from the app anyway, and the sign-in entry has no router (decision 018).
 */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <a href="/" className={cn(brandLinkClass, className)}>
      <BrandMark name={t("appName")} compact={compact} />
    </a>
  );
}
