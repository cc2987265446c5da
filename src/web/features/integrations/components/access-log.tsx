import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { apiRequestsQueryOptions } from "../api";
import { Badge, ModeBadge, statusTone } from "./badges";

/**
 * 'Registro de acesso': the last calls of the public API (dd/MM/yyyy - HH:mm, the key's name,
 * method and path, answer, duration), one stacked row each so a phone never scrolls sideways.
 */
export function AccessLog() {
  const { t } = useTranslation("integrations");
  const requests = useQuery(apiRequestsQueryOptions());
  return (
    <Card role="region" aria-labelledby="access-log-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="access-log-title">{t("requests.title")}</h2>
        </CardTitle>
        <CardDescription>{t("requests.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isPending ? <Spinner /> : null}
        {requests.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(requests.error)}
          </p>
        ) : null}
        {requests.data?.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("requests.empty")}</p>
        ) : null}
        {requests.data && requests.data.length > 0 ? (
          <ul className="grid divide-y text-sm" aria-label={t("requests.title")}>
            {requests.data.map((request) => (
              <li
                key={request.id}
                data-testid="api-request"
                className="grid gap-1 py-2 sm:grid-cols-[10rem_minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-center sm:gap-3"
              >
                <span className="text-muted-foreground text-xs tabular-nums">
                  <span className="sr-only">{t("requests.time")}: </span>
                  {formatDateTime(request.createdAt)}
                </span>
                <span className="flex min-w-0 items-center gap-2">
                  <span className="sr-only">{t("requests.key")}: </span>
                  <span className="truncate font-medium" title={request.keyName}>
                    {request.keyName}
                  </span>
                  <ModeBadge mode={request.mode} />
                </span>
                <code className="break-all text-xs">
                  <span className="sr-only">{t("requests.call")}: </span>
                  {request.method} {request.path}
                </code>
                <span className="flex items-center gap-2">
                  <span className="sr-only">{t("requests.status")}: </span>
                  <Badge tone={statusTone(request.status)}>{request.status}</Badge>
                  <span className="text-muted-foreground text-xs tabular-nums">
                    <span className="sr-only">{t("requests.duration")}: </span>
                    {request.durationMs} ms
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
