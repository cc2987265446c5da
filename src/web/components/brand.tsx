import { Stamp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "@/web/lib/utils";

/** The Carimbou mark and name, linking home. */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-bold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Stamp aria-hidden="true" className="size-4" />
      </span>
      <span className={cn(compact && "sr-only")}>{t("appName")}</span>
    </Link>
  );
}
