import { Table2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from "@/web/components/ui/chart";
import { formatDayMonth, formatNumber } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";

export type Series<K extends string> = { key: K; label: string; color: string };

/**
 * A bar chart (stacked or side by side) and the same figures in a table: the table is always in
 * the page for screen readers (the drawing is hidden from them) and 'Ver tabela' shows it, so the
 * figures can be read and copied to a spreadsheet. Dates are 'dd/MM' (English: 'Feb 9').
 */
export function ChartWithTable<K extends string, X extends string>({
  title,
  description,
  caption,
  xKey,
  xLabel,
  series,
  rows,
  stacked,
  empty,
}: {
  title: string;
  description: string;
  /** The table's caption: the title and the period. */
  caption: string;
  /** The row's date field ('YYYY-MM-DD'). */
  xKey: X;
  /** The header of the date column. */
  xLabel: string;
  series: Series<K>[];
  rows: (Record<X, string> & Record<K, number>)[];
  stacked: boolean;
  empty: string;
}) {
  const { t, i18n } = useTranslation("reports");
  const language = i18n.language;
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);

  const totals = Object.fromEntries(
    series.map((s) => [s.key, rows.reduce((sum, row) => sum + row[s.key], 0)]),
  ) as Record<K, number>;
  // Series with nothing in the period stay in the table but not in the drawing and its legend.
  const drawn = series.filter((s) => totals[s.key] > 0);
  const config = Object.fromEntries(
    series.map((s) => [s.key, { label: s.label, color: s.color }]),
  ) satisfies ChartConfig;
  // Legend and tooltip in the series' order (recharts sorts them by name otherwise).
  const order = (dataKey: unknown) => series.findIndex((s) => s.key === dataKey);
  const number = (value: number) => formatNumber(value, language);
  const day = (value: string) => formatDayMonth(value, language);
  const rowTotal = (row: Record<K, number>) => series.reduce((sum, s) => sum + row[s.key], 0);
  const grandTotal = series.reduce((sum, s) => sum + totals[s.key], 0);

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 px-3 sm:px-6">
        {drawn.length === 0 ? (
          <p className="grid h-48 place-items-center rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm">
            {empty}
          </p>
        ) : (
          <div aria-hidden="true" className="min-w-0">
            <ChartContainer config={config} className="aspect-auto h-64 w-full sm:h-72">
              <BarChart data={rows} accessibilityLayer={false} margin={{ left: 0, right: 4 }}>
                <CartesianGrid vertical={false} />
                <XAxis
                  dataKey={xKey}
                  tickLine={false}
                  axisLine={false}
                  tickMargin={8}
                  minTickGap={16}
                  tickFormatter={day}
                />
                <YAxis
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  width={32}
                  tickFormatter={number}
                />
                <ChartTooltip
                  cursor={false}
                  itemSorter={(item) => order(item.dataKey)}
                  content={
                    <ChartTooltipContent
                      labelFormatter={(_, payload) => {
                        const x = payload[0]?.payload?.[xKey];
                        return typeof x === "string" ? day(x) : null;
                      }}
                      valueFormatter={number}
                    />
                  }
                />
                <ChartLegend
                  content={<ChartLegendContent />}
                  itemSorter={(item) => order(item.dataKey)}
                />
                {drawn.map((s, index) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.key}
                    fill={`var(--color-${s.key})`}
                    stackId={stacked ? "total" : undefined}
                    radius={
                      stacked ? (index === drawn.length - 1 ? [3, 3, 0, 0] : 0) : [3, 3, 0, 0]
                    }
                    maxBarSize={48}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ChartContainer>
          </div>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            <Table2 aria-hidden="true" />
            {tableShown ? t("charts.hideTable") : t("charts.showTable")}
          </Button>
        </div>
        {/* Scrolls in its own box (the page never scrolls sideways); focusable to scroll by keys. */}
        <div
          id={tableId}
          tabIndex={tableShown ? 0 : undefined}
          className={cn(
            tableShown
              ? "max-h-96 overflow-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              : "sr-only",
          )}
        >
          <table className="w-full border-collapse text-sm tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {xLabel}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("charts.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row[xKey]} className="border-t">
                  <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                    {day(row[xKey])}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="px-3 py-1.5 text-right">
                      {number(row[s.key])}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right font-medium">{number(rowTotal(row))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  {t("charts.total")}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-2 text-right">
                    {number(totals[s.key])}
                  </td>
                ))}
                <td className="px-3 py-2 text-right">{number(grandTotal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
