import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { unreadMessagesQueryOptions } from "../api";

/** The dashboard 'Mensagens' card's line: customer messages waiting for an answer (every 30 s). */
export function PendingMessagesCount() {
  const { t } = useTranslation("messages");
  const unread = useQuery(unreadMessagesQueryOptions());
  if (!unread.data) return null;
  const count = unread.data.pending;
  return (
    <p data-testid="pending-messages-count" className="font-semibold">
      {count > 0 ? t("dashboard.pending", { count }) : t("dashboard.none")}
    </p>
  );
}
