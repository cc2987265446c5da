import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { badgeCount } from "@/web/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";

type InboxColumnProps = {
  title: string;
  icon: LucideIcon;
  /** Items waiting for an answer (shown as a badge when above 0). */
  pending?: number;
  pendingLabel?: string;
  children: ReactNode;
};

/** One column of /mensagens: a titled card whose body scrolls past 24rem (spec section 2). */
export function InboxColumn({
  title,
  icon: Icon,
  pending = 0,
  pendingLabel,
  children,
}: InboxColumnProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className="gap-3 py-4">
      <CardHeader className="grid-cols-[auto_1fr_auto] items-center gap-x-2 px-4">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        {pending > 0 ? (
          <span
            title={pendingLabel}
            className="min-w-5 rounded-full bg-destructive px-1.5 text-center font-semibold text-white text-xs leading-5"
          >
            <span aria-hidden="true">{badgeCount(pending)}</span>
            <span className="sr-only">{pendingLabel}</span>
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="max-h-96 overflow-y-auto px-4">{children}</CardContent>
    </Card>
  );
}
