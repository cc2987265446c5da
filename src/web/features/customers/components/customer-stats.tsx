import { useQuery } from "@tanstack/react-query";
import { Cake, UserCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { customerStatsQueryOptions } from "../api";

/** The three /clientes tiles, counted by the server. */
export function CustomerStats() {
  const { t } = useTranslation("customers");
  const stats = useQuery(customerStatsQueryOptions());
  const tiles = [
    { label: t("stats.total"), value: stats.data?.total, icon: Users },
    { label: t("stats.active"), value: stats.data?.active, icon: UserCheck },
    { label: t("stats.birthdays"), value: stats.data?.birthdaysThisMonth, icon: Cake },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {tiles.map(({ label, value, icon: Icon }) => (
        <div
          key={label}
          className="flex items-center justify-between rounded-lg border bg-card p-4"
        >
          <div>
            <p className="text-muted-foreground text-sm">{label}</p>
            <p className="font-bold text-2xl" data-testid={`stat-${label}`}>
              {value ?? "—"}
            </p>
          </div>
          <Icon aria-hidden="true" className="size-6 text-primary" />
        </div>
      ))}
    </div>
  );
}
