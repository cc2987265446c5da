import type { CustomerNotification } from "@shared/notifications.schema";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/web/lib/format";
import { useNavigateTo } from "@/web/lib/nav";
import { customerNotificationsQueryOptions, useMarkCustomerNotificationsRead } from "../api";
import { BellItem, BellList, BellNote, BellPopover } from "./bell-popover";

/**
 * Where a notice leads: the company's card page (its card, the conversation with it), or, for an
 * invitation, 'Meu painel', where invitations are accepted or declined.
 */
const target = (item: CustomerNotification) =>
  item.type === "invitation"
    ? "/dashboard-cliente"
    : `/dashboard-cliente-cartao-fidelidade/${item.companyId}`;

/**
 * The customer area's bell: the companies' replies and notices, stamps received, complete cards,
 * birthday gifts, referral rewards and welcomes, and invitations of the last 30 days, at most 10,
 * with an unread badge. Read marks are kept on the server.
 */
export function CustomerNotificationBell() {
  const { t } = useTranslation("notifications");
  const navigate = useNavigateTo();
  const [open, setOpen] = useState(false);
  const list = useQuery(customerNotificationsQueryOptions());
  const markRead = useMarkCustomerNotificationsRead();
  const items = list.data?.items ?? [];

  const openItem = (item: CustomerNotification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    navigate(target(item));
  };

  return (
    <BellPopover
      open={open}
      onOpenChange={setOpen}
      unread={list.data?.unread ?? 0}
      marking={markRead.isPending}
      onMarkAll={() => markRead.mutate({ all: true })}
    >
      {items.length === 0 ? (
        <BellNote>
          <p>{t("empty")}</p>
        </BellNote>
      ) : (
        <BellList>
          {items.map((item) => (
            <BellItem
              key={item.id}
              read={item.read}
              title={t(`customer.${item.type}.title`)}
              text={noticeText(t, item)}
              at={item.createdAt}
              onOpen={() => openItem(item)}
            />
          ))}
        </BellList>
      )}
    </BellPopover>
  );
}

/** "2 carimbos", "R$ 5,00 de bônus", or both. */
function gain(t: TFunction<"notifications">, item: CustomerNotification): string {
  const stamps = item.stamps > 0 ? t("customer.gain.stamps", { count: item.stamps }) : "";
  const bonus =
    item.bonusCents > 0 ? t("customer.gain.bonus", { amount: formatMoney(item.bonusCents) }) : "";
  return stamps && bonus ? t("customer.gain.both", { stamps, bonus }) : stamps || bonus;
}

function noticeText(t: TFunction<"notifications">, item: CustomerNotification): string {
  const company = item.companyName;
  switch (item.type) {
    case "reply":
      return t("customer.reply.message", { company, text: item.detail });
    case "stamps":
      return t("customer.stamps.message", {
        company,
        count: item.stamps,
        method: t(`methods.${item.detail}`, { defaultValue: item.detail }),
      });
    case "card_complete":
      return item.detail
        ? t("customer.card_complete.message", { company, reward: item.detail })
        : t("customer.card_complete.messageNoReward", { company });
    case "birthday_gift":
      return t("customer.birthday_gift.message", { company, count: item.stamps });
    case "referral_reward":
      return t("customer.referral_reward.message", {
        company,
        name: item.detail,
        gain: gain(t, item),
      });
    case "referral_welcome":
      return t("customer.referral_welcome.message", { company, gain: gain(t, item) });
    case "invitation":
      return t("customer.invitation.message", { company });
  }
}
