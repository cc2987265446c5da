import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/web/lib/format";
import { useConnection } from "./use-connection";

/**
 * 'Sem conexão — mostrando dados de 14:32' on the customer's pages while they show kept data
 * (issue 32, decision 036): the cards and the short code stay readable at a counter without
 * signal. The counter code's QR is signed for 30 seconds and cannot be renewed offline: the
 * 'Mostrar no balcão' dialog then shows the short code alone, which stays valid.
 */
export function OfflineBar() {
  const { t } = useTranslation("pwa");
  const { online, dataAt } = useConnection();
  if (online) return null;
  const at = dataAt ?? new Date();
  const today = at.toDateString() === new Date().toDateString();
  const time = today ? formatDateTime(at).slice(-5) : formatDateTime(at);
  return (
    <div
      role="status"
      data-testid="offline-bar"
      className="sticky top-0 z-30 flex items-center gap-2 rounded-xl border border-amber-500/50 bg-amber-50 px-3 py-2 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-50"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {t("offline", { time })}
    </div>
  );
}
