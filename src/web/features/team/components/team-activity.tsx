import {
  TEAM_ACTIVITY_DEFAULT_DAYS,
  TEAM_ACTIVITY_FLAG_FACTOR,
  type TeamActivityRow,
} from "@shared/team.schema";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatCalendarDay, formatNumber } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { teamActivityQueryOptions } from "../api";

const PERIODS = [7, TEAM_ACTIVITY_DEFAULT_DAYS, 30] as const;

/**
 * The activity list: per day (newest first), each person's stamps given and redemptions made.
 * Today's row of someone past TEAM_ACTIVITY_FLAG_FACTOR × their daily average is marked 'Acima do
 * normal', with the average.
 */
export function TeamActivity() {
  const { t, i18n } = useTranslation("team");
  const id = useId();
  const [days, setDays] = useState<number>(TEAM_ACTIVITY_DEFAULT_DAYS);
  const activity = useQuery(teamActivityQueryOptions(days));
  const byDay = new Map<string, TeamActivityRow[]>();
  for (const row of activity.data?.rows ?? []) {
    byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  }

  return (
    <Card role="region" aria-labelledby="team-activity-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="team-activity-title">{t("activity.title")}</h2>
        </CardTitle>
        <CardDescription>
          {t("activity.description", { factor: TEAM_ACTIVITY_FLAG_FACTOR })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-56 gap-1.5">
          <Label htmlFor={`${id}-days`}>{t("activity.period")}</Label>
          <NativeSelect
            id={`${id}-days`}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="h-11"
          >
            {PERIODS.map((count) => (
              <option key={count} value={count}>
                {t("activity.lastDays", { count })}
              </option>
            ))}
          </NativeSelect>
        </div>
        {activity.isPending ? <Spinner /> : null}
        {activity.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(activity.error)}
          </p>
        ) : null}
        {activity.data && byDay.size === 0 ? (
          <p className="text-muted-foreground text-sm">{t("activity.empty")}</p>
        ) : null}
        {[...byDay].map(([day, rows]) => {
          const label =
            day === activity.data?.today
              ? t("activity.today")
              : formatCalendarDay(day, i18n.language);
          return (
            <section key={day} aria-label={label} className="grid gap-2">
              <h3 className="font-semibold text-sm">{label}</h3>
              <ul className="grid gap-2">
                {rows.map((row) => (
                  <ActivityRow key={row.userId} row={row} />
                ))}
              </ul>
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}

function ActivityRow({ row }: { row: TeamActivityRow }) {
  const { t, i18n } = useTranslation("team");
  return (
    <li
      aria-label={row.name}
      data-flagged={row.flagged ? "true" : undefined}
      className={cn(
        "flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm",
        row.flagged &&
          "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50",
      )}
    >
      <span className="min-w-0 break-words font-medium">{row.name}</span>
      <span className="text-right">
        {[
          t("activity.stamps", { count: row.stamps }),
          t("activity.redemptions", { count: row.redemptions }),
        ].join(" · ")}
      </span>
      {row.flagged ? (
        <span className="flex w-full items-center gap-1.5 font-semibold">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t("activity.flagged")}
          {row.average !== null ? (
            <span className="font-normal">
              ({t("activity.average", { average: formatNumber(row.average, i18n.language) })})
            </span>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}
