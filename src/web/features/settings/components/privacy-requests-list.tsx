import type { PrivacyRequestRow } from "@shared/privacy.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { privacyRequestsQueryOptions } from "../api";

const STATE_STYLE: Record<PrivacyRequestRow["state"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  cancelled: "bg-muted text-muted-foreground",
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

/**
 * 'Pedidos de titulares' (issue 34, the Owner and Managers): each LGPD request that touched the
 * company, newest first: its kind, state and dates, never who asked.
 */
export function PrivacyRequestsList() {
  const { t } = useTranslation(["settings", "common"]);
  const query = useQuery(privacyRequestsQueryOptions());
  if (!query.data) {
    if (query.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("settings:privacyRequests.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      );
    }
    return <Spinner label={t("common:loading")} />;
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="privacy-requests-empty">
        {t("settings:privacyRequests.empty")}
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={t("settings:sections.privacyRequests")}>
      {items.map((request) => (
        <li
          key={request.id}
          className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm"
        >
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium">
              {t(`settings:privacyRequests.kind.${request.kind}`)}
            </span>
            <RequestDates request={request} />
          </div>
          <span
            className={cn(
              "rounded-full px-2 py-0.5 font-medium text-xs",
              STATE_STYLE[request.state],
            )}
          >
            {t(`settings:privacyRequests.state.${request.state}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'Pedido em 01/02/2027 · Concluído em 01/02/2027' (or when it is due, or was cancelled). */
function RequestDates({ request }: { request: PrivacyRequestRow }) {
  const { t } = useTranslation("settings");
  const date = (value: string) => ({ date: formatDate(value) });
  const parts = [t("privacyRequests.requestedAt", date(request.requestedAt))];
  if (request.completedAt) parts.push(t("privacyRequests.completedAt", date(request.completedAt)));
  else if (request.cancelledAt) {
    parts.push(t("privacyRequests.cancelledAt", date(request.cancelledAt)));
  } else if (request.dueAt) parts.push(t("privacyRequests.dueAt", date(request.dueAt)));
  return <span className="text-muted-foreground text-xs">{parts.join(" · ")}</span>;
}
