import type { Report } from "@shared/reports.schema";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";

type TileKey = keyof Report["tiles"];

type HintKey = "activeMembers" | "redemptionRate" | "returnRate";

/** The tiles in reading order; the two rates are percentages (0..100). */
const TILES: { key: TileKey; rate?: true; hint?: HintKey }[] = [
  { key: "newMembers" },
  { key: "activeMembers", hint: "activeMembers" },
  { key: "stampsGiven" },
  { key: "cardsCompleted" },
  { key: "rewardsRedeemed" },
  { key: "redemptionRate", rate: true, hint: "redemptionRate" },
  { key: "returnRate", rate: true, hint: "returnRate" },
];

type Change =
  | { kind: "same" }
  | { kind: "new" }
  | { kind: "up" | "down"; amount: number; points: boolean };

/**
 * How the period compares with the previous one: a count by its relative change (↑ 12,5%), a rate
 * by its difference in percentage points (↑ 5 p.p.: a rate's relative change reads as nonsense).
 */
export function compare(current: number, previous: number, rate: boolean): Change {
  if (current === previous) return { kind: "same" };
  if (rate) {
    const amount = Math.round(Math.abs(current - previous) * 10) / 10;
    return { kind: current > previous ? "up" : "down", amount, points: true };
  }
  if (previous === 0) return { kind: "new" };
  const amount = Math.round((Math.abs(current - previous) / previous) * 1000) / 10;
  return { kind: current > previous ? "up" : "down", amount, points: false };
}

/** The seven tiles of /relatorios: the period's figure, the previous period's, and the change. */
export function ReportTiles({ tiles }: { tiles: Report["tiles"] }) {
  const { t } = useTranslation("reports");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="sr-only">
        {t("tiles.title")}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {TILES.map(({ key, rate, hint }) => (
          <Tile
            key={key}
            label={t(`tiles.${key}`)}
            hint={hint ? t(`tiles.hints.${hint}`) : undefined}
            figure={tiles[key]}
            rate={rate ?? false}
          />
        ))}
      </ul>
    </section>
  );
}

function Tile({
  label,
  hint,
  figure,
  rate,
}: {
  label: string;
  hint?: string;
  figure: { current: number; previous: number };
  rate: boolean;
}) {
  const { t, i18n } = useTranslation("reports");
  const language = i18n.language;
  const show = (value: number) =>
    rate ? formatPercent(value, language) : formatNumber(value, language);
  const change = compare(figure.current, figure.previous, rate);
  const amount =
    change.kind === "up" || change.kind === "down"
      ? change.points
        ? t("tiles.points", { value: formatNumber(change.amount, language) })
        : formatPercent(change.amount, language)
      : "";

  return (
    <li
      aria-label={label}
      className="grid min-w-0 content-start gap-1 rounded-lg border bg-card p-3 shadow-xs sm:p-4"
    >
      <p className="font-medium text-muted-foreground text-sm leading-tight">{label}</p>
      <p className="font-bold text-xl tabular-nums sm:text-2xl" data-testid="tile-value">
        {show(figure.current)}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-xs">
        {change.kind === "up" || change.kind === "down" ? (
          <span
            className={cn(
              "font-semibold",
              change.kind === "up" ? "text-success" : "text-destructive",
            )}
          >
            <span aria-hidden="true">
              {change.kind === "up" ? "↑" : "↓"} {amount}
            </span>
            <span className="sr-only">{t(`tiles.${change.kind}`, { value: amount })}</span>
          </span>
        ) : change.kind === "new" ? (
          <span className="font-semibold text-success" title={t("tiles.newLong")}>
            {t("tiles.new")}
            <span className="sr-only">: {t("tiles.newLong")}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t("tiles.same")}</span>
        )}
        <span className="text-muted-foreground" data-testid="tile-previous">
          {t("tiles.previous", { value: show(figure.previous) })}
        </span>
      </p>
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
    </li>
  );
}
