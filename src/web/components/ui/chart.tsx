import {
  type ComponentProps,
  type ComponentType,
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useId,
} from "react";
import {
  type LegendPayload,
  Legend as RechartsLegend,
  Tooltip as RechartsTooltip,
  ResponsiveContainer,
  type TooltipPayloadEntry,
} from "recharts";
import { cn } from "@/web/lib/utils";

/**
 * The shadcn/ui chart pieces for recharts 3: a container that names each series' colour as a CSS
 * variable (`--color-<key>`, light and dark), a tooltip and a legend in the app's styles.
 * Import this file only from lazily loaded pages: recharts is large.
 */

/** CSS selector prefix of each theme. */
const THEMES = { light: "", dark: ".dark" } as const;

/** The size the chart draws at before the container is measured (avoids a zero-size warning). */
const INITIAL_DIMENSION = { width: 320, height: 200 } as const;

export type ChartConfig = Record<
  string,
  { label?: ReactNode; icon?: ComponentType } & (
    | { color?: string; theme?: never }
    | { color?: never; theme: Record<keyof typeof THEMES, string> }
  )
>;

const ChartContext = createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = useContext(ChartContext);
  if (!context) throw new Error("useChart must be used within a <ChartContainer />");
  return context;
}

export function ChartContainer({
  id,
  className,
  children,
  config,
  initialDimension = INITIAL_DIMENSION,
  ...props
}: ComponentProps<"div"> & {
  config: ChartConfig;
  children: ComponentProps<typeof ResponsiveContainer>["children"];
  initialDimension?: { width: number; height: number };
}) {
  const uniqueId = useId();
  const chartId = `chart-${id ?? uniqueId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          "flex aspect-video justify-center text-xs",
          "[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground",
          "[&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50",
          "[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border",
          "[&_.recharts-dot[stroke='#fff']]:stroke-transparent",
          "[&_.recharts-layer]:outline-hidden [&_.recharts-surface]:outline-hidden",
          "[&_.recharts-polar-grid_[stroke='#ccc']]:stroke-border",
          "[&_.recharts-radial-bar-background-sector]:fill-muted",
          "[&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted",
          "[&_.recharts-reference-line_[stroke='#ccc']]:stroke-border",
          "[&_.recharts-sector]:outline-hidden [&_.recharts-sector[stroke='#fff']]:stroke-transparent",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <ResponsiveContainer initialDimension={initialDimension}>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

/** The series' colours as `--color-<key>` on the chart, per theme. */
export function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const colored = Object.entries(config).filter(([, item]) => item.theme ?? item.color);
  if (colored.length === 0) return null;
  const css = Object.entries(THEMES)
    .map(([theme, prefix]) => {
      const vars = colored
        .map(([key, item]) => {
          const color = item.theme?.[theme as keyof typeof THEMES] ?? item.color;
          return color ? `  --color-${key}: ${color};` : null;
        })
        .filter(Boolean)
        .join("\n");
      return `${prefix} [data-chart=${id}] {\n${vars}\n}`;
    })
    .join("\n");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS built from our own config, no user input
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

export const ChartTooltip = RechartsTooltip;

type TooltipContentProps = Omit<ComponentProps<"div">, "color"> & {
  active?: boolean;
  payload?: ReadonlyArray<TooltipPayloadEntry>;
  label?: ReactNode;
  labelFormatter?: (label: ReactNode, payload: ReadonlyArray<TooltipPayloadEntry>) => ReactNode;
  labelClassName?: string;
  /** How a number is written (the UI's language); `toLocaleString()` otherwise. */
  valueFormatter?: (value: number) => string;
  color?: string;
  hideLabel?: boolean;
  hideIndicator?: boolean;
  indicator?: "line" | "dot" | "dashed";
  nameKey?: string;
  labelKey?: string;
};

export function ChartTooltipContent({
  active,
  payload,
  className,
  indicator = "dot",
  hideLabel = false,
  hideIndicator = false,
  label,
  labelFormatter,
  labelClassName,
  valueFormatter,
  color,
  nameKey,
  labelKey,
}: TooltipContentProps) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;

  const [first] = payload;
  const labelItem = configOf(
    config,
    first,
    `${labelKey ?? first?.dataKey ?? first?.name ?? "value"}`,
  );
  const labelValue =
    !labelKey && typeof label === "string" ? (config[label]?.label ?? label) : labelItem?.label;
  const tooltipLabel = hideLabel ? null : labelFormatter ? (
    <div className={cn("font-medium", labelClassName)}>{labelFormatter(labelValue, payload)}</div>
  ) : labelValue ? (
    <div className={cn("font-medium", labelClassName)}>{labelValue}</div>
  ) : null;
  const nestLabel = payload.length === 1 && indicator !== "dot";

  return (
    <div
      className={cn(
        "grid min-w-32 items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl",
        className,
      )}
    >
      {nestLabel ? null : tooltipLabel}
      <div className="grid gap-1.5">
        {payload
          .filter((item) => item.type !== "none")
          .map((item) => {
            const key = `${nameKey ?? item.name ?? item.dataKey ?? "value"}`;
            const itemConfig = configOf(config, item, key);
            const indicatorColor = color ?? item.payload?.fill ?? item.color;
            return (
              <div
                key={`${item.dataKey ?? item.name}`}
                className={cn(
                  "flex w-full flex-wrap items-stretch gap-2 [&>svg]:size-2.5 [&>svg]:text-muted-foreground",
                  indicator === "dot" && "items-center",
                )}
              >
                {itemConfig?.icon ? (
                  <itemConfig.icon />
                ) : hideIndicator ? null : (
                  <div
                    className={cn(
                      "shrink-0 rounded-[2px] border-(--color-border) bg-(--color-bg)",
                      {
                        "size-2.5": indicator === "dot",
                        "w-1": indicator === "line",
                        "w-0 border-[1.5px] border-dashed bg-transparent": indicator === "dashed",
                        "my-0.5": nestLabel && indicator === "dashed",
                      },
                    )}
                    style={
                      {
                        "--color-bg": indicatorColor,
                        "--color-border": indicatorColor,
                      } as CSSProperties
                    }
                  />
                )}
                <div
                  className={cn(
                    "flex flex-1 justify-between gap-3 leading-none",
                    nestLabel ? "items-end" : "items-center",
                  )}
                >
                  <div className="grid gap-1.5">
                    {nestLabel ? tooltipLabel : null}
                    <span className="text-muted-foreground">{itemConfig?.label ?? item.name}</span>
                  </div>
                  {item.value != null ? (
                    <span className="font-medium font-mono text-foreground tabular-nums">
                      {typeof item.value === "number"
                        ? (valueFormatter?.(item.value) ?? item.value.toLocaleString())
                        : String(item.value)}
                    </span>
                  ) : null}
                </div>
              </div>
            );
          })}
      </div>
    </div>
  );
}

export const ChartLegend = RechartsLegend;

export function ChartLegendContent({
  className,
  hideIcon = false,
  payload,
  verticalAlign = "bottom",
  nameKey,
}: ComponentProps<"div"> & {
  hideIcon?: boolean;
  nameKey?: string;
  payload?: ReadonlyArray<LegendPayload>;
  verticalAlign?: "top" | "middle" | "bottom";
}) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-center gap-x-4 gap-y-1",
        verticalAlign === "top" ? "pb-3" : "pt-3",
        className,
      )}
    >
      {payload
        .filter((item) => item.type !== "none")
        .map((item) => {
          const key = `${nameKey ?? item.dataKey ?? "value"}`;
          const itemConfig = configOf(config, item, key);
          return (
            <div
              key={`${item.value}`}
              className="flex items-center gap-1.5 [&>svg]:size-3 [&>svg]:text-muted-foreground"
            >
              {itemConfig?.icon && !hideIcon ? (
                <itemConfig.icon />
              ) : (
                <div
                  className="size-2 shrink-0 rounded-[2px]"
                  style={{ backgroundColor: item.color }}
                />
              )}
              {itemConfig?.label}
            </div>
          );
        })}
    </div>
  );
}

/** The config entry of a tooltip or legend item: by the item's (or its data's) value of `key`, else `key`. */
function configOf(config: ChartConfig, item: unknown, key: string) {
  if (typeof item !== "object" || item === null) return undefined;
  const data =
    "payload" in item && typeof item.payload === "object" && item.payload !== null
      ? (item.payload as Record<string, unknown>)
      : undefined;
  const own = (item as Record<string, unknown>)[key];
  const name =
    typeof own === "string" ? own : typeof data?.[key] === "string" ? (data[key] as string) : key;
  return name in config ? config[name] : config[key];
}
