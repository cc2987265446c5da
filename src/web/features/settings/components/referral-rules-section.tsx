import { REFERRAL_MONTHLY_CAP_DEFAULT, REFERRAL_MONTHLY_CAP_MAX } from "@shared/referrals.schema";
import {
  REFERRAL_MIN_STAMPS,
  type ReferralRules,
  ReferralRulesSchema,
} from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import { sectionQueryOptions, useSaveSection } from "../api";
import { numberOr, useSectionForm } from "./section-form";
import { SectionStatus } from "./section-status";
import { MoneyField, NumberField } from "./settings-fields";

/**
 * Regras de indicação: stamps and bonus (R$) for the referred customer and the referrer, and the
 * monthly cap per referrer. The programme is off by default: while it is saved off, a note says
 * customers do not see their link. A failed load also says so in the spec's toast.
 */
export function ReferralRulesSection() {
  const { t } = useTranslation("settings");
  const query = useQuery(sectionQueryOptions("referral-rules"));
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(t("errors.referralLoad"));
  }, [failed, t]);
  if (!query.data) return <SectionStatus query={query} errorText={t("errors.referralLoad")} />;
  return <ReferralRulesForm saved={query.data} />;
}

function ReferralRulesForm({ saved }: { saved: ReferralRules }) {
  const { t } = useTranslation("settings");
  const save = useSaveSection("referral-rules");
  const form = useSectionForm(saved, ReferralRulesSchema);
  const rules = form.value;

  const onSave = () =>
    form.submit(
      save,
      () => toast.success(t("saved.rules")),
      () => toast.error(t("errors.referralSave")),
    );

  return (
    <div className="grid gap-4">
      {saved.enabled ? null : (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("referral.off")}
        </p>
      )}
      <SwitchField
        label={t("referral.enabled")}
        checked={rules.enabled}
        onChange={(enabled) => form.set("enabled", enabled)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label={t("referral.referredStamps")}
          value={rules.referredStamps}
          min={REFERRAL_MIN_STAMPS}
          error={form.error("referredStamps")}
          onChange={(raw) => form.set("referredStamps", numberOr(raw, REFERRAL_MIN_STAMPS))}
        />
        <NumberField
          label={t("referral.referrerStamps")}
          value={rules.referrerStamps}
          min={REFERRAL_MIN_STAMPS}
          error={form.error("referrerStamps")}
          onChange={(raw) => form.set("referrerStamps", numberOr(raw, REFERRAL_MIN_STAMPS))}
        />
        <MoneyField
          label={t("referral.referredBonus")}
          cents={rules.referredBonusCents}
          error={form.error("referredBonusCents")}
          onChange={(cents) => form.set("referredBonusCents", cents)}
        />
        <MoneyField
          label={t("referral.referrerBonus")}
          cents={rules.referrerBonusCents}
          error={form.error("referrerBonusCents")}
          onChange={(cents) => form.set("referrerBonusCents", cents)}
        />
        <NumberField
          label={t("referral.monthlyCap")}
          hint={t("referral.monthlyCapHint")}
          value={rules.monthlyCap}
          min={1}
          max={REFERRAL_MONTHLY_CAP_MAX}
          error={form.error("monthlyCap")}
          onChange={(raw) => form.set("monthlyCap", numberOr(raw, REFERRAL_MONTHLY_CAP_DEFAULT))}
        />
      </div>
      <div>
        <Button type="button" onClick={onSave} disabled={save.isPending}>
          {t("referral.save")}
        </Button>
      </div>
    </div>
  );
}
