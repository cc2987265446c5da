import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ReferralRulesSchema } from "@/shared/settings.schema";
import { Button } from "@/web/components/ui/button";
import { sectionQueryOptions, useSaveSection } from "../api";
import { numberOr, useSectionForm } from "./section-form";
import { SectionStatus } from "./section-status";
import { MoneyField, NumberField, SwitchField } from "./settings-fields";

/** Regras de indicação: stamps and bonus (R$) for the referred customer and the referrer. */
export function ReferralRulesSection() {
  const { t } = useTranslation("settings");
  const query = useQuery(sectionQueryOptions("referral-rules"));
  const save = useSaveSection("referral-rules");
  const form = useSectionForm(query.data, ReferralRulesSchema);
  const rules = form.value;
  if (!rules) return <SectionStatus query={query} errorText={t("errors.referralLoad")} />;

  const onSave = () =>
    form.submit(
      save,
      () => toast.success(t("saved.rules")),
      () => toast.error(t("errors.referralSave")),
    );

  return (
    <div className="grid gap-4">
      <SwitchField
        label={t("referral.enabled")}
        checked={rules.enabled}
        onChange={(enabled) => form.update((r) => ({ ...r, enabled }))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label={t("referral.referredStamps")}
          value={rules.referredStamps}
          min={0}
          error={form.error("referredStamps")}
          onChange={(raw) => form.update((r) => ({ ...r, referredStamps: numberOr(raw, 0) }))}
        />
        <NumberField
          label={t("referral.referrerStamps")}
          value={rules.referrerStamps}
          min={0}
          error={form.error("referrerStamps")}
          onChange={(raw) => form.update((r) => ({ ...r, referrerStamps: numberOr(raw, 0) }))}
        />
        <MoneyField
          label={t("referral.referredBonus")}
          cents={rules.referredBonusCents}
          error={form.error("referredBonusCents")}
          onChange={(cents) => form.update((r) => ({ ...r, referredBonusCents: cents }))}
        />
        <MoneyField
          label={t("referral.referrerBonus")}
          cents={rules.referrerBonusCents}
          error={form.error("referrerBonusCents")}
          onChange={(cents) => form.update((r) => ({ ...r, referrerBonusCents: cents }))}
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
