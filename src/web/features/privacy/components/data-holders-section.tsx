import { COMPANY_CLOSURE_DAYS, type DataHolder } from "@shared/privacy.schema";
import { Store } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { originKind } from "../origin";
import { LeaveProgrammeDialog } from "./leave-programme-dialog";
import { PrivacySection } from "./privacy-section";

/** 'Quem tem meus dados': each company whose programme the person joined, and what it sees. */
export function DataHoldersSection({ holders }: { holders: DataHolder[] }) {
  const { t } = useTranslation("privacy");
  return (
    <PrivacySection title={t("holders.title")} description={t("holders.description")}>
      {holders.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("holders.empty")}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {holders.map((holder) => (
            <li key={holder.companyId} className="min-w-0">
              <HolderCard holder={holder} />
            </li>
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}

function HolderCard({ holder }: { holder: DataHolder }) {
  const { t } = useTranslation("privacy");
  const headingId = useId();
  const { sees } = holder;
  const place = [sees.city, sees.state].filter(Boolean).join("/");
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="flex items-start gap-3">
        {holder.logoUrl ? (
          <img
            src={holder.logoUrl}
            alt=""
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-md object-cover"
          />
        ) : (
          <span className="grid size-10 shrink-0 place-items-center rounded-md bg-muted">
            <Store aria-hidden="true" className="size-5 text-muted-foreground" />
          </span>
        )}
        <div className="grid min-w-0 gap-0.5">
          <h3 id={headingId} className="break-words font-semibold">
            {holder.tradeName}
          </h3>
          <p className="text-muted-foreground text-xs">
            {t("holders.since", {
              date: formatDate(holder.joinedAt),
              origin: t(`holders.origins.${originKind(holder.origin)}`),
            })}
          </p>
          {holder.closedAt ? (
            <p className="font-medium text-destructive text-xs">
              {t("holders.closed", { date: formatDate(holder.closedAt) })}
              {". "}
              {t("holders.closedHint", { days: COMPANY_CLOSURE_DAYS })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="grid gap-2">
        <h4 className="font-medium text-sm">{t("holders.sees", { company: holder.tradeName })}</h4>
        <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
          <Row label={t("fields.name")} value={sees.name} />
          <Row label={t("fields.email")} value={sees.email} />
          <Row label={t("fields.phone")} value={sees.phone} />
          <Row
            label={t("fields.birthDate")}
            value={sees.birthDate ? formatDate(sees.birthDate.slice(0, 10)) : null}
          />
          <Row label={t("fields.city")} value={place || null} />
          <Row
            label={t("holders.activity")}
            value={[
              t("holders.cards", { count: sees.cards }),
              t("holders.stamps", { count: sees.stamps }),
              t("holders.messages", { count: sees.messages }),
              t("holders.claims", { count: sees.claims }),
            ].join(" · ")}
          />
          <Row
            label={t("holders.marketing")}
            value={
              sees.marketingConsent ? (
                <>
                  {t("holders.marketingGranted", {
                    date: formatDate(sees.marketingConsent.grantedAt),
                  })}
                  <blockquote className="mt-1 border-l-2 pl-2 text-muted-foreground text-xs">
                    {sees.marketingConsent.text}
                  </blockquote>
                </>
              ) : (
                t("holders.marketingNone")
              )
            }
          />
        </dl>
      </div>

      {holder.closedAt ? null : (
        <div>
          <LeaveProgrammeDialog companyId={holder.companyId} companyName={holder.tradeName} />
        </div>
      )}
    </article>
  );
}

/** One line of what the company sees: the label, then the value (or 'Não informado'). */
export function Row({ label, value }: { label: string; value: React.ReactNode }) {
  const { t } = useTranslation("privacy");
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {value ?? <span className="text-muted-foreground italic">{t("fields.empty")}</span>}
      </dd>
    </>
  );
}
