import { Bell, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { badgeCount, relativeTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";

/**
 * The bell's frame, the same for the company and the customer: the button with the unread badge
 * ('99+' past 99) and a popover with the title, 'Marcar todas como lidas', a close button and the
 * list. The popover fits a 360 px phone (never wider than the screen, the list scrolls inside) and
 * closes on the X, Escape or a tap outside.
 */
export function BellPopover({
  open,
  onOpenChange,
  unread,
  onMarkAll,
  marking,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
  onMarkAll: () => void;
  marking: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("notifications");
  const titleId = useId();
  const label = unread > 0 ? `${t("label")} (${t("unread", { count: unread })})` : t("label");
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center font-semibold text-[10px] text-white leading-4"
            >
              {badgeCount(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        aria-labelledby={titleId}
        className="w-[min(20rem,calc(100vw-1rem))] p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b py-1 pr-1 pl-3">
          <p id={titleId} className="font-semibold text-sm">
            {t("title")}
          </p>
          <div className="flex items-center gap-1">
            {unread > 0 ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-1 text-xs"
                disabled={marking}
                onClick={onMarkAll}
              >
                {t("markAll")}
              </Button>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t("close")}
              onClick={() => onOpenChange(false)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </div>
        {children}
      </PopoverContent>
    </Popover>
  );
}

/** The popover's line when there is nothing to list (or the alerts are off). */
export function BellNote({ children }: { children: ReactNode }) {
  return <div className="grid gap-2 px-3 py-4 text-muted-foreground text-sm">{children}</div>;
}

/** The notifications, newest first; the list scrolls inside the popover. */
export function BellList({ children }: { children: ReactNode }) {
  const { t } = useTranslation("notifications");
  return (
    <ul className="max-h-[min(24rem,70svh)] divide-y overflow-y-auto" aria-label={t("title")}>
      {children}
    </ul>
  );
}

/** One notification: unread ones stand out with a dot; a click opens where it leads. */
export function BellItem({
  read,
  title,
  text,
  at,
  onOpen,
}: {
  read: boolean;
  title: string;
  text: string;
  at: string;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          "grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-hidden",
          !read && "bg-primary/5",
        )}
      >
        <span className="flex items-center gap-2 font-medium">
          {read ? null : (
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
          )}
          {title}
        </span>
        <span className="text-muted-foreground [overflow-wrap:anywhere]">{text}</span>
        <TimeLabel at={at} />
      </button>
    </li>
  );
}

function TimeLabel({ at }: { at: string }) {
  const { t } = useTranslation("notifications");
  const ago = relativeTime(at);
  return (
    <time dateTime={at} className="text-muted-foreground text-xs">
      {ago.unit === "now" ? t("time.now") : t(`time.${ago.unit}`, { count: ago.count })}
    </time>
  );
}
