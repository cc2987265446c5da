import {
  type CounterSettings,
  CounterSettingsSchema,
  DAILY_STAMP_CAP_MAX,
  RULE_MAX_STAMPS,
  STAMP_INTERVAL_MAX_MINUTES,
} from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import { QrCode } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/error-message";
import { fieldAria } from "@/web/lib/form";
import { sectionQueryOptions, useSaveSection } from "../api";
import { numberOr, useSectionForm } from "./section-form";
import { SectionStatus } from "./section-status";
import { MoneyField, NumberField } from "./settings-fields";

/** "1 carimbo a cada R$ 10,00" when the switch is turned on first. */
const DEFAULT_STAMP_VALUE_CENTS = 1000;

/**
 * 'Regras do Programa' at the counter: the minutes between two stamps on one card and the stamps a
 * customer may get a day (0 turns either off), stamps by purchase value with a maximum per
 * purchase, and the customers' self-stamp by the counter screen's QR code (/balcao/qr).
 */
export function CounterRulesSection() {
  const query = useQuery(sectionQueryOptions("counter-rules"));
  return query.data ? <CounterRulesForm saved={query.data} /> : <SectionStatus query={query} />;
}

function CounterRulesForm({ saved }: { saved: CounterSettings }) {
  const { t } = useTranslation("settings");
  const save = useSaveSection("counter-rules");
  const form = useSectionForm(saved, CounterSettingsSchema);
  const rules = form.value;
  const byValue = rules.stampValueCents !== null;

  const onSave = () =>
    form.submit(
      save,
      () => toast.success(t("saved.rules")),
      (error) => toast.error(t("errors.saveTitle"), { description: errorMessage(error) }),
    );

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="float-left w-full font-semibold text-sm">{t("counter.limits")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label={t("counter.interval")}
            hint={t("counter.intervalHint")}
            value={rules.intervalMinutes}
            min={0}
            max={STAMP_INTERVAL_MAX_MINUTES}
            error={form.error("intervalMinutes")}
            onChange={(raw) => form.set("intervalMinutes", numberOr(raw, 0))}
          />
          <NumberField
            label={t("counter.dailyCap")}
            hint={t("counter.dailyCapHint")}
            value={rules.dailyCap}
            min={0}
            max={DAILY_STAMP_CAP_MAX}
            error={form.error("dailyCap")}
            onChange={(raw) => form.set("dailyCap", numberOr(raw, 0))}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 border-t pt-4">
        <legend className="float-left w-full font-semibold text-sm">{t("counter.byValue")}</legend>
        <SwitchField
          label={t("counter.byValueEnabled")}
          checked={byValue}
          onChange={(on) => {
            form.set("stampValueCents", on ? DEFAULT_STAMP_VALUE_CENTS : null);
            if (!on) form.set("maxStampsPerPurchase", null);
          }}
        />
        {byValue ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <MoneyField
              label={t("counter.stampValue")}
              cents={rules.stampValueCents ?? DEFAULT_STAMP_VALUE_CENTS}
              error={form.error("stampValueCents")}
              onChange={(cents) => form.set("stampValueCents", cents)}
            />
            <OptionalNumberField
              label={t("counter.maxPerPurchase")}
              hint={t("counter.maxPerPurchaseHint")}
              value={rules.maxStampsPerPurchase}
              max={RULE_MAX_STAMPS}
              error={form.error("maxStampsPerPurchase")}
              onChange={(value) => form.set("maxStampsPerPurchase", value)}
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-3 border-t pt-4">
        <legend className="float-left w-full font-semibold text-sm">
          {t("counter.selfStamp")}
        </legend>
        <SwitchField
          label={t("counter.selfStampEnabled")}
          checked={rules.selfStampEnabled}
          onChange={(on) => form.set("selfStampEnabled", on)}
        />
        <p className="text-muted-foreground text-sm">{t("counter.selfStampHint")}</p>
        {saved.selfStampEnabled ? (
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/balcao/qr">
              <QrCode aria-hidden="true" />
              {t("counter.openQr")}
            </Link>
          </Button>
        ) : null}
      </fieldset>
      <div>
        <Button type="button" onClick={onSave} disabled={save.isPending}>
          {t("counter.save")}
        </Button>
      </div>
    </div>
  );
}

/** A whole number that may be left empty (null: no limit). */
function OptionalNumberField({
  label,
  hint,
  value,
  max,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: number | null;
  max: number;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        {...fieldAria(id, { hint: !error, error })}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        defaultValue={value ?? ""}
        key={value ?? "none"}
        onBlur={(e) => {
          const raw = e.target.value.trim();
          onChange(raw === "" ? null : numberOr(raw, 1));
        }}
      />
    </Field>
  );
}
