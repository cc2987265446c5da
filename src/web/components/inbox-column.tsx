import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { badgeCount } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
import { Spinner } from "./ui/spinner";

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

type InboxListProps<T> = {
  /** The query behind the list (TanStack Query's flags). */
  query: { isPending: boolean; isError: boolean; isSuccess: boolean };
  items: T[];
  loadError: string;
  empty: string;
  listLabel: string;
  children: (item: T) => ReactNode;
};

/** An inbox column's body: loading, the load error, the empty text, or the items. */
export function InboxList<T>({
  query,
  items,
  loadError,
  empty,
  listLabel,
  children,
}: InboxListProps<T>) {
  return (
    <>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {loadError}
        </p>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <p className="py-2 text-muted-foreground text-sm">{empty}</p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label={listLabel} className="divide-y">
          {items.map(children)}
        </ul>
      ) : null}
    </>
  );
}

/** Pending (amber) or answered (green): the status of an inbox item. */
export function InboxStatus({ pending, label }: { pending: boolean; label: string }) {
  return (
    <span
      className={cn(
        "shrink-0 rounded-full px-2 py-0.5 font-medium text-xs",
        pending ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900",
      )}
    >
      {label}
    </span>
  );
}
