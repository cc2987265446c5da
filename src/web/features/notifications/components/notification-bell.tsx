import type { Notification } from "@shared/notifications.schema";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { notificationsQueryOptions, useMarkNotificationsRead } from "../api";
import { BellItem, BellList, BellNote, BellPopover } from "./bell-popover";

/**
 * Where a notification leads: claims are answered on the dashboard, cards live on /cartoes,
 * customer messages are answered on /mensagens, partnership requests on /parceria.
 */
const TARGET: Record<Notification["type"], string> = {
  stamp_claim: "/dashboard",
  card_complete: "/cartoes",
  customer_message: "/mensagens",
  partnership_request: "/parceria",
  assistant_feedback: "/ia-suprema",
  whatsapp_message: "/ia-suprema",
  instagram_message: "/ia-suprema",
  account_deleted: "/configuracoes",
};

/**
 * The header bell: pending stamp claims, cards completed in the last 24 hours and pending customer
 * messages (their first 50 characters), at most 10, of the categories the company's switches let
 * through, with an unread badge ('99+' past 99). Read marks are kept on the server per user. With
 * 'Notificações push' off it lists nothing and says where to turn the alerts back on.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useQuery(notificationsQueryOptions());
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    navigate(TARGET[item.type]);
  };

  return (
    <BellPopover
      open={open}
      onOpenChange={setOpen}
      unread={unread}
      marking={markRead.isPending}
      onMarkAll={() => markRead.mutate({ all: true })}
    >
      {list.data?.muted ? (
        <BellNote>
          <p>{t("muted")}</p>
          <Link
            to="/configuracoes"
            onClick={() => setOpen(false)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("openSettings")}
          </Link>
        </BellNote>
      ) : items.length === 0 ? (
        <BellNote>
          <p>{t("empty")}</p>
        </BellNote>
      ) : (
        <BellList>
          {items.map((item) => (
            <BellItem
              key={item.id}
              read={item.read}
              title={t(`${item.type}.title`)}
              text={notificationText(t, item)}
              at={item.createdAt}
              onOpen={() => openItem(item)}
            />
          ))}
        </BellList>
      )}
    </BellPopover>
  );
}

function notificationText(t: TFunction<"notifications">, item: Notification): string {
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
    // A text someone wrote: a customer's message, a partnership request (customerName is then the
    // requesting company's name), a complaint or suggestion, a WhatsApp or Instagram message.
    case "customer_message":
    case "partnership_request":
    case "assistant_feedback":
    case "whatsapp_message":
    case "instagram_message":
      return t(`${item.type}.message`, { name: item.customerName, text: item.detail });
    case "account_deleted":
      return t("account_deleted.message");
  }
}
