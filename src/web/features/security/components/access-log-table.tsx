import type { AccessLogEntry } from "@shared/security.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { accessLogQueryOptions } from "../api";
import { describeDevice } from "../device";

/** The account's last sign-ins and failed attempts: date and time, IP, device, result. */
export function AccessLogTable() {
  const { t } = useTranslation(["security", "common"]);
  const query = useQuery(accessLogQueryOptions());

  const device = (entry: AccessLogEntry) => {
    const { browser, os } = describeDevice(entry.userAgent);
    if (browser && os) return t("accessLog.deviceOn", { browser, os });
    return browser ?? os ?? t("accessLog.unknown");
  };
  const failure = (entry: AccessLogEntry) => {
    const reason = entry.failure;
    return reason && reason in FAILURE_KEYS
      ? t(`accessLog.failures.${reason as keyof typeof FAILURE_KEYS}`)
      : null;
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h3 className="font-medium">{t("accessLog.title")}</h3>
        <p className="text-muted-foreground text-sm">{t("accessLog.description")}</p>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("accessLog.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("accessLog.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table
            className="w-full min-w-[36rem] text-left text-sm"
            aria-label={t("accessLog.label")}
          >
            <thead className="border-b bg-muted/50 text-muted-foreground text-xs uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("accessLog.when")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("accessLog.ip")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("accessLog.device")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("accessLog.result")}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((entry) => (
                <tr key={entry.id} className="border-b last:border-0">
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-3 py-2 font-mono text-xs">{entry.ipAddress ?? "—"}</td>
                  <td className="px-3 py-2" title={entry.userAgent ?? undefined}>
                    {device(entry)}
                  </td>
                  <td className="px-3 py-2">
                    {entry.success ? (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-800 text-xs dark:bg-emerald-900/40 dark:text-emerald-200">
                        {t("accessLog.success")}
                      </span>
                    ) : (
                      <span className="flex flex-wrap items-center gap-1.5">
                        <span className="rounded-full bg-destructive/10 px-2 py-0.5 font-medium text-destructive text-xs">
                          {t("accessLog.failed")}
                        </span>
                        <span className="text-muted-foreground text-xs">{failure(entry)}</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const FAILURE_KEYS = {
  invalid_credentials: true,
  email_not_verified: true,
  two_factor_failed: true,
  two_factor_locked: true,
} as const;
