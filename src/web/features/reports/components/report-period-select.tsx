import { REPORT_PRESETS, type ReportPreset, ReportQuerySchema } from "@shared/reports.schema";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import type { SelectedPeriod } from "../period";

type PeriodChoice =
  | { preset: Exclude<ReportPreset, "custom"> }
  | { preset: "custom"; from: string; to: string };

const PERIOD_ERRORS = ["date_invalid", "period_invalid", "period_too_long"] as const;
type PeriodError = (typeof PERIOD_ERRORS)[number];

/**
 * The period of /relatorios: 7, 30 or 90 days, this month, last month (São Paulo days, ending
 * today) or two dates ('Personalizado', applied with 'Aplicar' so a half-typed date does not
 * load a report).
 */
export function ReportPeriodSelect({
  period,
  today,
  onChange,
}: {
  period: SelectedPeriod;
  today: string;
  onChange: (choice: PeriodChoice) => void;
}) {
  const { t } = useTranslation("reports");
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [customOpen, setCustomOpen] = useState(period.preset === "custom");
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<PeriodError | null>(null);
  const showCustom = customOpen || period.preset === "custom";

  const onSelect = (value: string) => {
    const preset = value as ReportPreset;
    setError(null);
    if (preset === "custom") {
      setFrom(period.from);
      setTo(period.to);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ preset });
  };

  const onApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ReportQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(PERIOD_ERRORS.find((e) => e === message) ?? "date_invalid");
      return;
    }
    setError(null);
    onChange({ preset: "custom", ...parsed.data });
  };

  return (
    <div className="flex min-w-0 flex-wrap items-end gap-3">
      <div className="grid w-full gap-1.5 sm:w-56">
        <Label htmlFor={selectId}>{t("period.label")}</Label>
        <NativeSelect
          id={selectId}
          value={showCustom ? "custom" : period.preset}
          onChange={(event) => onSelect(event.target.value)}
        >
          {REPORT_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`period.presets.${preset}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {showCustom ? (
        <form
          onSubmit={onApply}
          noValidate
          className="grid w-full grid-cols-2 items-end gap-3 sm:flex sm:w-auto"
        >
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={fromId}>{t("period.from")}</Label>
            <Input
              id={fromId}
              type="date"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-w-0"
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={toId}>{t("period.to")}</Label>
            <Input
              id={toId}
              type="date"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-w-0"
            />
          </div>
          <Button type="submit" className="col-span-2 sm:col-span-1">
            {t("period.apply")}
          </Button>
          {error ? (
            <p id={errorId} role="alert" className="col-span-2 text-destructive text-sm sm:w-full">
              {t(`period.errors.${error}`)}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
