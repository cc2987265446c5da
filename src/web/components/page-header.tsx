import type { ReactNode } from "react";
import { useDocumentTitle } from "@/web/lib/use-document-title";

/** The title (the page's only h1) and subtitle at the top of a panel page. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight md:text-3xl">{title}</h1>
        {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
      </div>
      {actions}
    </div>
  );
}
