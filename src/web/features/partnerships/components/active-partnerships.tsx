import type { Partnership } from "@shared/partnerships.schema";
import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, MessagesSquare, Users } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDate } from "@/web/lib/format";
import { partnershipsQueryOptions } from "../api";
import { EndPartnershipDialog } from "./end-partnership-dialog";
import { PartnerAvatar, place } from "./partner-avatar";
import { PartnershipLink } from "./partnership-link";

/**
 * /parcerias-ativas: each partner with its id, name, city, state and what it offers, the date
 * and description of the partnership, the customers each side sent (counts only, never the
 * lists), the own partnership link with its QR code, the conversation and 'Encerrar'.
 */
export function ActivePartnerships() {
  const { t } = useTranslation("partnerships");
  const active = useQuery(partnershipsQueryOptions("active"));

  useEffect(() => {
    if (active.isError) toast.error(t("active.loadError"), { id: "active-partnerships-error" });
  }, [active.isError, t]);

  if (active.isPending) return <Spinner label={t("active.loading")} />;
  if (active.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-destructive text-sm">{t("active.loadError")}</p>
        <Button type="button" size="sm" variant="outline" onClick={() => void active.refetch()}>
          {t("marketplace.retry")}
        </Button>
      </div>
    );
  if (active.data.length === 0)
    return (
      <div className="grid justify-items-start gap-2 rounded-lg border border-dashed p-6 text-sm">
        <p>{t("active.empty")}</p>
        <Button asChild size="sm" variant="outline">
          <Link to="/parceria-marketplace">{t("active.find")}</Link>
        </Button>
      </div>
    );
  return (
    <ul aria-label={t("active.listLabel")} className="grid gap-4 xl:grid-cols-2">
      {active.data.map((partnership) => (
        <ActivePartnership key={partnership.id} partnership={partnership} />
      ))}
    </ul>
  );
}

function ActivePartnership({ partnership }: { partnership: Partnership }) {
  const { t } = useTranslation("partnerships");
  const { partner } = partnership;
  return (
    <li
      aria-label={partner.name}
      className="grid min-w-0 content-start gap-4 rounded-xl border bg-card p-4 text-sm shadow-sm"
    >
      <div className="flex min-w-0 items-start gap-3">
        <PartnerAvatar name={partner.name} logoUrl={partner.logoUrl} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 className="break-words font-semibold text-base">{partner.name}</h2>
          <p className="text-muted-foreground text-xs">
            {[place(partner.city, partner.state), t(`branches.${partner.branch}`)]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      <dl className="grid gap-3">
        {partnership.validatedAt ? (
          <div className="flex items-center gap-2">
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <dt className="sr-only">{t("active.sinceLabel")}</dt>
            <dd>{t("active.since", { date: formatDate(partnership.validatedAt) })}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <dt className="sr-only">{t("active.countsLabel")}</dt>
          <dd data-testid="partnership-counts">
            {t("active.counts", { sent: partnership.sent, received: partnership.received })}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            {t("active.agreement")}
          </dt>
          <dd className="whitespace-pre-wrap break-words">{partnership.proposal}</dd>
        </div>
        {partner.description ? (
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
              {t("active.offers", { name: partner.name })}
            </dt>
            <dd className="whitespace-pre-wrap break-words">{partner.description}</dd>
          </div>
        ) : null}
      </dl>
      {partnership.link ? (
        <PartnershipLink path={partnership.link.sendPath} partnerName={partner.name} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={`/parceria-mensagens?id=${encodeURIComponent(partnership.id)}`}>
            <MessagesSquare aria-hidden="true" />
            {partnership.unread > 0
              ? t("active.talkUnread", { count: partnership.unread })
              : t("active.talk")}
          </Link>
        </Button>
        <EndPartnershipDialog partnership={partnership} />
      </div>
    </li>
  );
}
