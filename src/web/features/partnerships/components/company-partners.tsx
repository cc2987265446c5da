import { useQuery } from "@tanstack/react-query";
import { Handshake } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { publicPartnersQueryOptions } from "../api";
import { PartnerAvatar, place } from "./partner-avatar";

/**
 * "Parceiros de <empresa>" on the customer's company page: the partners' names and offers, each
 * joined through the partnership link (the customer counts as sent by this company). Hidden when
 * the company has no partners.
 */
export function CompanyPartners({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const { t } = useTranslation("partnerships");
  const headingId = useId();
  const partners = useQuery(publicPartnersQueryOptions(companyId));
  if (!partners.data || partners.data.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-lg">
          <Handshake aria-hidden="true" className="size-5 text-primary" />
          {t("customer.title", { company: companyName })}
        </h2>
        <p className="text-muted-foreground text-sm">
          {t("customer.description", { company: companyName })}
        </p>
      </div>
      <ul className="grid gap-3">
        {partners.data.map((partner) => (
          <li
            key={partner.id}
            aria-label={partner.name}
            className="grid gap-2 rounded-lg border bg-background p-3 text-sm"
          >
            <div className="flex min-w-0 items-start gap-3">
              <PartnerAvatar
                name={partner.name}
                logoUrl={partner.logoUrl}
                className="size-10 text-sm"
              />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="break-words font-medium">{partner.name}</p>
                {partner.city || partner.state ? (
                  <p className="text-muted-foreground text-xs">
                    {place(partner.city, partner.state)}
                  </p>
                ) : null}
              </div>
            </div>
            {partner.description ? (
              <p className="whitespace-pre-wrap break-words">{partner.description}</p>
            ) : null}
            <div>
              <Button asChild size="sm" variant="outline">
                <Link to={partner.joinPath}>{t("customer.join")}</Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
