import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "@/web/lib/utils";
import { BrandMark, brandLinkClass } from "./brand-mark";

/** The Carimbou mark and name, linking home. */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={cn(brandLinkClass, className)}>
      <BrandMark name={t("appName")} compact={compact} />
    </Link>
  );
}
