import {
  type ReportFilter,
  type ReportPreset,
  type ReportQuery,
  ReportQuerySchema,
  reportPeriod,
} from "@shared/reports.schema";

/** The presets as the URL writes them (?periodo=…); `custom` is ?de=…&ate=… instead. */
const PRESET_SLUGS = {
  "7d": "7d",
  "30d": "30d",
  "90d": "90d",
  this_month: "este-mes",
  last_month: "mes-passado",
} as const satisfies Record<Exclude<ReportPreset, "custom">, string>;

type FixedPreset = keyof typeof PRESET_SLUGS;

export const DEFAULT_PRESET: FixedPreset = "30d";

/** The URL's parameters for the period; any other parameter (e.g. `debug`) is left alone. */
export const PERIOD_PARAMS = ["periodo", "de", "ate"] as const;

export type SelectedPeriod = ReportQuery & { preset: ReportPreset };

/**
 * The period the URL asks for, in São Paulo days given `today` (YYYY-MM-DD): a valid ?de=&ate=
 * pair is a custom range, else ?periodo=, else the last 30 days.
 */
export function readPeriod(params: URLSearchParams, today: string): SelectedPeriod {
  const from = params.get("de");
  const to = params.get("ate");
  if (from && to && ReportQuerySchema.safeParse({ from, to }).success) {
    return { preset: "custom", from, to };
  }
  const slug = params.get("periodo");
  const preset =
    (Object.entries(PRESET_SLUGS).find(([, s]) => s === slug)?.[0] as FixedPreset | undefined) ??
    DEFAULT_PRESET;
  return { preset, ...reportPeriod(preset, today) };
}

/** `params` with the period written in: a preset's slug, or a custom range's two dates. */
export function writePeriod(
  params: URLSearchParams,
  period: { preset: FixedPreset } | { preset: "custom"; from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PERIOD_PARAMS) next.delete(key);
  if (period.preset === "custom") {
    next.set("de", period.from);
    next.set("ate", period.to);
  } else {
    next.set("periodo", PRESET_SLUGS[period.preset]);
  }
  return next;
}

/** The URL's parameters of the report's filter: the team member and the shop. */
const FILTER_PARAMS = { memberId: "membro", locationId: "unidade" } as const;

/** The member and the shop the URL narrows the report to (?membro=…&unidade=…). */
export function readFilter(params: URLSearchParams): ReportFilter {
  const memberId = params.get(FILTER_PARAMS.memberId)?.trim() || undefined;
  const locationId = params.get(FILTER_PARAMS.locationId)?.trim() || undefined;
  return { memberId, locationId };
}

/** `params` with the filter written in (an empty choice removes its parameter). */
export function writeFilter(params: URLSearchParams, filter: ReportFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, name] of Object.entries(FILTER_PARAMS) as [keyof ReportFilter, string][]) {
    const value = filter[key];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
