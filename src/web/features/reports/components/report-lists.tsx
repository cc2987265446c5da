import type { Report } from "@shared/reports.schema";
import { Cake, Trophy } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { formatDayMonth, formatNumber } from "@/web/lib/format";

function ListCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0 gap-4">
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
        {icon}
        <div className="grid gap-0.5">
          <CardTitle asChild>
            <h2 id={headingId}>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="text-sm">{children(headingId)}</CardContent>
    </Card>
  );
}

/** The 10 members with the most stamps in the period, and the birthdays of the next 30 days. */
export function ReportLists({ report }: { report: Report }) {
  const { t, i18n } = useTranslation("reports");
  const language = i18n.language;
  return (
    <div className="grid min-w-0 gap-6 md:grid-cols-2">
      <ListCard
        icon={<Trophy aria-hidden="true" className="size-5 text-primary" />}
        title={t("lists.topMembers.title")}
        description={t("lists.topMembers.description")}
      >
        {(headingId) =>
          report.topMembers.length === 0 ? (
            <p className="text-muted-foreground">{t("lists.topMembers.empty")}</p>
          ) : (
            <ol aria-labelledby={headingId} className="grid gap-1">
              {report.topMembers.map((member, index) => (
                <li
                  key={member.customerId}
                  className="flex min-w-0 items-center gap-3 rounded-md px-2 py-1.5 odd:bg-muted/50"
                >
                  <span className="w-5 shrink-0 text-right font-semibold text-muted-foreground tabular-nums">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate" title={member.name}>
                    {member.name}
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">
                    {t("lists.topMembers.stamps", {
                      count: member.stamps,
                      value: formatNumber(member.stamps, language),
                    })}
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </ListCard>
      <ListCard
        icon={<Cake aria-hidden="true" className="size-5 text-primary" />}
        title={t("lists.upcomingBirthdays.title")}
        description={t("lists.upcomingBirthdays.description")}
      >
        {(headingId) =>
          report.upcomingBirthdays.length === 0 ? (
            <p className="text-muted-foreground">{t("lists.upcomingBirthdays.empty")}</p>
          ) : (
            <ul aria-labelledby={headingId} className="grid max-h-96 gap-1 overflow-y-auto">
              {report.upcomingBirthdays.map((birthday) => (
                <li
                  key={birthday.customerId}
                  className="flex min-w-0 items-center gap-3 rounded-md px-2 py-1.5 odd:bg-muted/50"
                >
                  <time dateTime={birthday.date} className="w-12 shrink-0 font-medium tabular-nums">
                    {formatDayMonth(birthday.date, language)}
                  </time>
                  <span className="min-w-0 flex-1 truncate" title={birthday.name}>
                    {birthday.name}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </ListCard>
    </div>
  );
}
