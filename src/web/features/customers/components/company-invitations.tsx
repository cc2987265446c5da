import type { CompanyInvitation } from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { companyInvitationsQueryOptions } from "../api";

const STATUS_STYLE: Record<CompanyInvitation["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  expired: "bg-muted text-muted-foreground",
  declined: "bg-muted text-muted-foreground",
};

/**
 * /clientes 'Convites pendentes': the people invited through 'Novo Cliente' who have not accepted
 * yet, with only what the company typed (nothing of their account until they accept).
 */
export function CompanyInvitations() {
  const { t } = useTranslation("customers");
  const invitations = useQuery(companyInvitationsQueryOptions());
  const items = invitations.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="company-invitations-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="company-invitations-title">{t("invitations.title")}</h2>
        </CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={t("invitations.title")}>
          {items.map((i) => (
            <li
              key={i.id}
              aria-label={i.name}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium">{i.name}</p>
                <p className="break-all text-muted-foreground text-xs">
                  {[i.email, i.phone].filter(Boolean).join(" · ")}
                </p>
                <p className="text-muted-foreground text-xs">
                  {[
                    [i.city, i.state].filter(Boolean).join("/"),
                    t("invitations.sent", {
                      date: formatDate(i.createdAt),
                    }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 font-medium text-xs",
                  STATUS_STYLE[i.status],
                )}
              >
                {t(`invitations.status.${i.status}`)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
