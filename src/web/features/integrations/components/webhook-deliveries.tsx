import type { WebhookDelivery } from "@shared/integrations.schema";
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { useResendDelivery, webhookDeliveriesQueryOptions } from "../api";
import { Badge, type Tone } from "./badges";

const STATUS_TONE: Record<WebhookDelivery["status"], Tone> = {
  pending: "warn",
  succeeded: "good",
  failed: "bad",
};

/**
 * An endpoint's delivery log: the event, its state, the endpoint's answer code, the duration, the
 * start of the answer's body, when and how many attempts; 'Reenviar'.
 */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation("integrations");
  const deliveries = useQuery(webhookDeliveriesQueryOptions(endpointId));
  const resend = useResendDelivery();

  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(deliveries.error)}
      </p>
    );
  }
  if (deliveries.data.length === 0) {
    return <p className="text-muted-foreground text-sm">{t("deliveries.empty")}</p>;
  }
  return (
    <ul className="grid divide-y text-sm" aria-label={t("webhooks.deliveries")}>
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} data-testid="webhook-delivery" className="grid gap-1.5 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <code className="font-medium text-xs">{delivery.eventType}</code>
            <Badge tone={STATUS_TONE[delivery.status]}>
              {t(`deliveries.status.${delivery.status}`)}
            </Badge>
            <span className="text-muted-foreground text-xs">
              {delivery.responseStatus !== null
                ? t("deliveries.answer", { code: delivery.responseStatus })
                : t("deliveries.noAnswer")}
              {delivery.durationMs !== null
                ? ` · ${t("deliveries.duration", { ms: delivery.durationMs })}`
                : ""}
            </span>
          </div>
          {delivery.responseExcerpt ? (
            <pre className="max-h-20 overflow-y-auto whitespace-pre-wrap break-all rounded bg-muted p-1.5 text-xs">
              {delivery.responseExcerpt}
            </pre>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-muted-foreground text-xs">
              {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
              {" · "}
              {t("deliveries.attempts", { count: delivery.attempts })}
              {delivery.status === "pending" && delivery.nextAttemptAt
                ? ` · ${t("deliveries.nextAttempt", { date: formatDateTime(delivery.nextAttemptAt) })}`
                : ""}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(delivery.id, {
                  onSuccess: () => toast.success(t("deliveries.resent")),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <RotateCw aria-hidden="true" />
              {t("deliveries.resend")}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
