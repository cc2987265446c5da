import { SOCIAL_NETWORKS, type SocialNetwork } from "@shared/claims.schema";
import { type LoyaltyRules, LoyaltyRulesSchema, RULE_MIN_STAMPS } from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { sectionQueryOptions, useSaveSection } from "../api";
import { numberOr, useSectionForm } from "./section-form";
import { SectionStatus } from "./section-status";
import { NumberField, TextField } from "./settings-fields";

const NETWORK_LABELS = {
  instagram: "Instagram",
  facebook: "Facebook",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
} as const;

/** Regras do programa de fidelidade: purchase, Google review, social and birthday. */
export function LoyaltyRulesSection() {
  const query = useQuery(sectionQueryOptions("loyalty-rules"));
  return query.data ? <LoyaltyRulesForm saved={query.data} /> : <SectionStatus query={query} />;
}

function LoyaltyRulesForm({ saved }: { saved: LoyaltyRules }) {
  const { t } = useTranslation("settings");
  const save = useSaveSection("loyalty-rules");
  const form = useSectionForm(saved, LoyaltyRulesSchema);
  const rules = form.value;

  const onSave = () =>
    form.submit(
      save,
      () => toast.success(t("saved.rules")),
      (error) => toast.error(t("errors.saveTitle"), { description: errorMessage(error) }),
    );

  return (
    <div className="grid gap-5">
      <RuleGroup legend={t("loyalty.purchase")}>
        <Row>
          <NumberField
            label={t("loyalty.purchaseStamps")}
            value={rules.purchaseStamps}
            min={RULE_MIN_STAMPS}
            error={form.error("purchaseStamps")}
            onChange={(raw) => form.set("purchaseStamps", numberOr(raw, RULE_MIN_STAMPS))}
          />
        </Row>
      </RuleGroup>
      <RuleGroup legend={t("loyalty.review")}>
        <SwitchField
          label={t("loyalty.reviewEnabled")}
          checked={rules.review.enabled}
          onChange={(enabled) => form.set("review.enabled", enabled)}
        />
        <Row>
          <NumberField
            label={t("loyalty.stamps")}
            value={rules.review.stamps}
            min={RULE_MIN_STAMPS}
            error={form.error("review.stamps")}
            onChange={(raw) => form.set("review.stamps", numberOr(raw, RULE_MIN_STAMPS))}
          />
          <TextField
            label={t("loyalty.bonus")}
            hint={t("loyalty.bonusHint")}
            value={rules.review.bonus}
            error={form.error("review.bonus")}
            onChange={(bonus) => form.set("review.bonus", bonus)}
          />
        </Row>
      </RuleGroup>
      <RuleGroup legend={t("loyalty.social")}>
        <SwitchField
          label={t("loyalty.socialEnabled")}
          checked={rules.social.enabled}
          onChange={(enabled) => form.set("social.enabled", enabled)}
        />
        <Row>
          <NumberField
            label={t("loyalty.stamps")}
            value={rules.social.stamps}
            min={RULE_MIN_STAMPS}
            error={form.error("social.stamps")}
            onChange={(raw) => form.set("social.stamps", numberOr(raw, RULE_MIN_STAMPS))}
          />
          <TextField
            label={t("loyalty.bonus")}
            hint={t("loyalty.bonusHint")}
            value={rules.social.bonus}
            error={form.error("social.bonus")}
            onChange={(bonus) => form.set("social.bonus", bonus)}
          />
        </Row>
        <div className="grid gap-2">
          <p className="font-medium text-sm">{t("loyalty.networks")}</p>
          <div className="flex flex-wrap gap-4">
            {SOCIAL_NETWORKS.map((network) => (
              <SwitchField
                key={network}
                label={NETWORK_LABELS[network]}
                checked={rules.social.networks.includes(network)}
                onChange={(on) => {
                  const chosen: SocialNetwork[] = rules.social.networks;
                  form.set(
                    "social.networks",
                    on
                      ? SOCIAL_NETWORKS.filter((n) => n === network || chosen.includes(n))
                      : chosen.filter((n) => n !== network),
                  );
                }}
              />
            ))}
          </div>
        </div>
      </RuleGroup>
      <RuleGroup legend={t("loyalty.birthday")}>
        <SwitchField
          label={t("loyalty.birthdayEnabled")}
          checked={rules.birthday.enabled}
          onChange={(enabled) => form.set("birthday.enabled", enabled)}
        />
        <Row>
          <NumberField
            label={t("loyalty.stamps")}
            value={rules.birthday.stamps}
            min={RULE_MIN_STAMPS}
            error={form.error("birthday.stamps")}
            onChange={(raw) => form.set("birthday.stamps", numberOr(raw, RULE_MIN_STAMPS))}
          />
          <TextField
            label={t("loyalty.birthdayMessage")}
            value={rules.birthday.message}
            error={form.error("birthday.message")}
            onChange={(message) => form.set("birthday.message", message)}
          />
        </Row>
      </RuleGroup>
      <div>
        <Button type="button" onClick={onSave} disabled={save.isPending}>
          {t("loyalty.save")}
        </Button>
      </div>
    </div>
  );
}

/**
 * One rule: its title, then its fields on the section's two-column grid (stamps in the first
 * column, bonus or message in the second), so every rule's inputs line up with the others.
 */
function RuleGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left w-full font-semibold text-sm">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}
