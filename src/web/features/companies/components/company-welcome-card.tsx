import { brandPalette } from "@shared/brand-color";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { publicCompanyQueryOptions } from "../api";

/** At most this many stamp circles are drawn under the programme (the text says the number). */
const MAX_DOTS = 30;

/**
 * The welcome of a company's sign-up link (its QR code), in the company's colour: its logo and
 * name, what the customer wins ('8 carimbos = 1 café expresso', with a circle per stamp) and the
 * running promotion. Nothing when the id matches no company. The server draws the same card in
 * the page's HTML before the app arrives (server/modules/site/qr-landing.ts): keep the two alike.
 */
export function CompanyWelcomeCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation("companies");
  const { data: company } = useQuery(publicCompanyQueryOptions(companyId));
  if (!company) return null;

  const { background, foreground } = brandPalette(company.brandColor);
  const place = [company.city, company.state].filter(Boolean).join("/");
  const initial = [...company.tradeName.trim()][0]?.toUpperCase() ?? "";
  return (
    <section
      data-welcome-card
      aria-label={company.tradeName}
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div
        className="flex items-center gap-4 px-5 py-4"
        style={{ backgroundColor: background, color: foreground }}
      >
        {company.logoUrl ? (
          <img
            src={company.logoUrl}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-xl border-2 border-white/70 bg-white object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/20 font-bold text-2xl"
          >
            {initial}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-medium text-sm opacity-90">{t("welcome.title")}</p>
          <p className="break-words font-bold text-2xl leading-tight">{company.tradeName}</p>
          {place ? <p className="text-sm opacity-90">{place}</p> : null}
        </div>
      </div>
      <div className="grid gap-3 px-5 py-4">
        {company.program ? (
          <>
            <p className="font-bold text-xl leading-snug">
              {t("welcome.program", {
                count: company.program.stampsRequired,
                reward: company.program.reward,
              })}
            </p>
            <div aria-hidden="true" className="flex flex-wrap gap-1.5">
              {Array.from(
                { length: Math.min(company.program.stampsRequired, MAX_DOTS) },
                (_, i) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: identical circles, never reordered.
                    key={i}
                    className="size-5 rounded-full border-2"
                    style={{ borderColor: background }}
                  />
                ),
              )}
            </div>
          </>
        ) : null}
        <p className="text-muted-foreground text-sm">{t("welcome.description")}</p>
        {company.promotion ? (
          <div
            className="grid gap-0.5 rounded-lg border border-dashed p-3"
            style={{ borderColor: background }}
          >
            <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">
              {t("welcome.promotion")}
            </p>
            {company.promotion.title ? (
              <p className="break-words font-semibold">{company.promotion.title}</p>
            ) : null}
            <p className="whitespace-pre-line break-words text-muted-foreground text-sm">
              {company.promotion.description}
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
