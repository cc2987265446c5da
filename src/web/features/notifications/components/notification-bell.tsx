import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Notification } from "@/shared/notifications.schema";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { badgeCount, relativeTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { notificationsQueryOptions, useMarkNotificationsRead } from "../api";

/**
 * Where a notification leads: claims are answered on the dashboard, cards live on /cartoes,
 * customer messages are answered on /mensagens.
 */
const TARGET: Record<Notification["type"], string> = {
  stamp_claim: "/dashboard",
  card_complete: "/cartoes",
  customer_message: "/mensagens",
};

/**
 * The header bell: pending stamp claims, cards completed in the last 24 hours and pending customer
 * messages (their first 50 characters), at most 10,
 * with an unread badge ('99+' past 99). Read marks are kept on the server per user.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useQuery(notificationsQueryOptions());
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  const label = unread > 0 ? `${t("label")} (${t("unread", { count: unread })})` : t("label");

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    navigate(TARGET[item.type]);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
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
      <PopoverContent align="end" className="w-80 p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <p className="font-semibold text-sm">{t("title")}</p>
          {unread > 0 ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t("markAll")}
            </Button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-3 py-4 text-muted-foreground text-sm">{t("empty")}</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label={t("title")}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  className={cn(
                    "grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-hidden",
                    !item.read && "bg-primary/5",
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {item.read ? null : (
                      <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
                    )}
                    {t(`${item.type}.title`)}
                  </span>
                  <span className="text-muted-foreground">
                    <NotificationText item={item} />
                  </span>
                  <TimeLabel at={item.createdAt} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

function NotificationText({ item }: { item: Notification }) {
  const { t } = useTranslation("notifications");
  switch (item.type) {
    case "stamp_claim":
      return t("stamp_claim.message", {
        name: item.customerName,
        method: t(`methods.${item.detail}`, { defaultValue: item.detail }),
      });
    case "card_complete":
      return t("card_complete.message", {
        name: item.customerName,
        program: item.detail,
      });
    case "customer_message":
      return t("customer_message.message", {
        name: item.customerName,
        text: item.detail,
      });
  }
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
