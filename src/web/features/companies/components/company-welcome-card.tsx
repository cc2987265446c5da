import { useQuery } from "@tanstack/react-query";
import { MapPin, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader } from "@/web/components/ui/card";
import { publicCompanyQueryOptions } from "../api";

/** The welcome of a company's sign-up link; nothing when the id matches no company. */
export function CompanyWelcomeCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation("companies");
  const { data: company } = useQuery(publicCompanyQueryOptions(companyId));
  if (!company) return null;

  const place = [company.city, company.state].filter(Boolean).join("/");
  return (
    <Card className="gap-4 border-primary/30 bg-gradient-to-br from-primary/10 to-transparent">
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
        {company.logoUrl ? (
          <img
            src={company.logoUrl}
            alt=""
            className="row-span-2 size-14 rounded-xl border bg-background object-cover"
          />
        ) : (
          <span className="row-span-2 flex size-14 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Store aria-hidden="true" className="size-7" />
          </span>
        )}
        <p className="font-medium text-muted-foreground text-sm">{t("welcome.title")}</p>
        <p className="font-bold text-2xl leading-tight">{company.tradeName}</p>
      </CardHeader>
      <CardContent className="grid gap-1">
        {place ? (
          <p className="flex items-center gap-1 text-muted-foreground text-sm">
            <MapPin aria-hidden="true" className="size-3.5" />
            {place}
          </p>
        ) : null}
        <CardDescription>{t("welcome.description")}</CardDescription>
      </CardContent>
    </Card>
  );
}
