import type { CustomerActivity as Activity } from "@shared/cards.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { customerActivityQueryOptions } from "../api";

/**
 * In 'Ver Detalhes' (/clientes): the customer's latest stamps, claim decisions and redemptions,
 * newest first, each with who did it ("por Ana"); a self-stamp says the customer took it at the
 * counter's QR code, a rule's stamp (birthday, referral) names no one: its method says it.
 */
export function CustomerActivity({ customerId }: { customerId: string }) {
  const { t } = useTranslation("cards");
  const id = useId();
  const activity = useQuery(customerActivityQueryOptions(customerId));
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {t("activity.title")}
      </h3>
      {activity.isPending ? <Spinner /> : null}
      {activity.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(activity.error)}
        </p>
      ) : null}
      {activity.data?.length === 0 ? (
        <p className="text-muted-foreground">{t("activity.empty")}</p>
      ) : null}
      {activity.data?.length ? (
        <ol className="grid gap-2">
          {activity.data.map((event) => (
            <ActivityLine key={event.id} event={event} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function ActivityLine({ event }: { event: Activity }) {
  const { t } = useTranslation(["cards", "stamps"]);
  const what =
    event.kind === "redemption"
      ? t("activity.redemption")
      : `${t(`stamps:methods.${event.method ?? "purchase"}`)} · ${t("details.count", { count: event.count })}`;
  const who = event.selfService
    ? t("details.selfService")
    : event.byName
      ? // The public API's writes come as "via <key name>" (said as is in both languages).
        event.byName.startsWith("via ")
        ? event.byName
        : t("details.givenBy", { name: event.byName })
      : null;
  const status =
    event.kind === "stamp" && event.status !== "approved" && event.status
      ? t(`details.status.${event.status}`)
      : null;
  return (
    <li className="grid gap-0.5 rounded-md border p-2">
      <span className="flex flex-wrap justify-between gap-2">
        <span className="font-medium">{what}</span>
        <span className="text-muted-foreground text-xs">{formatDateTime(event.at)}</span>
      </span>
      <span className="text-muted-foreground text-xs">
        {[event.programName, status, who].filter(Boolean).join(" · ")}
      </span>
      {event.overrideReason ? (
        <span className="text-xs">
          {t("details.overrideReason", { reason: event.overrideReason })}
        </span>
      ) : null}
    </li>
  );
}
