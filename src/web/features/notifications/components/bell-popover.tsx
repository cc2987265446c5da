import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { relativeTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { BellButton, type BellPopoverProps } from "./bell-button";

const loadRadix = () => import("./bell-radix");
const BellRadix = lazy(() => loadRadix().then((m) => ({ default: m.BellRadix })));

/**
 * The bell's frame, the same for the company and the customer: the button with the unread badge
 * ('99+' past 99) and a popover with the title, 'Marcar todas como lidas', a close button and the
 * list. The popover fits a 360 px phone (never wider than the screen, the list scrolls inside) and
 * closes on the X, Escape or a tap outside. Its code (Radix's popover and positioning, about 10 KB)
 * comes the first time the bell is pointed at, focused or tapped: every page's header has the
 * bell, and its first screen needs only the button.
 */
export function BellPopover(props: BellPopoverProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <BellButton
      unread={props.unread}
      onPointerEnter={() => void loadRadix()}
      onFocus={() => void loadRadix()}
      onClick={() => {
        setWanted(true);
        props.onOpenChange(true);
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <BellRadix {...props} />
    </Suspense>
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
