import { can } from "@shared/team-permissions";
import { ArrowLeft, Sparkles, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { BackupButton } from "@/web/features/backup/components/backup-button";
import { StoredBackups } from "@/web/features/backup/components/stored-backups";
import { CompanyReferrals } from "@/web/features/referrals/components/company-referrals";
import { SecuritySection } from "@/web/features/security/components/security-section";
import { AppearanceSection } from "@/web/features/settings/components/appearance-section";
import { CounterRulesSection } from "@/web/features/settings/components/counter-rules-section";
import { LoyaltyRulesSection } from "@/web/features/settings/components/loyalty-rules-section";
import { NotificationsSection } from "@/web/features/settings/components/notifications-section";
import { PromotionSection } from "@/web/features/settings/components/promotion-section";
import { ReferralRulesSection } from "@/web/features/settings/components/referral-rules-section";
import { SystemSection } from "@/web/features/settings/components/system-section";
import { useCompanyMe } from "./company-area";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id={id} className="font-semibold text-lg">
          {title}
        </h2>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * /configuracoes (admin only): every section saved on the server; below the referral rules, the
 * referrals feature's 'Indicações' (who referred whom, and the decisions on held ones).
 */
export function SettingsPage() {
  const { t } = useTranslation(["settings", "referrals", "billing", "assistant"]);
  // A Gerente sees the rules and their own preferences; backups, the plan and IA Suprema are the
  // Dono's (PERMISSIONS, as the API).
  const role = useCompanyMe().member?.role ?? null;
  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" />
              {t("back")}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        <Section title={t("sections.loyalty")} description={t("sections.loyaltyHint")}>
          <LoyaltyRulesSection />
        </Section>
        <Section title={t("sections.counter")} description={t("sections.counterHint")}>
          <CounterRulesSection />
        </Section>
        <Section title={t("sections.referral")} description={t("sections.referralHint")}>
          <ReferralRulesSection />
        </Section>
        <Section title={t("referrals:list.title")} description={t("referrals:list.description")}>
          <CompanyReferrals />
        </Section>
        <Section title={t("sections.promotion")} description={t("sections.promotionHint")}>
          <PromotionSection />
        </Section>
        <Section title={t("sections.notifications")}>
          <NotificationsSection />
        </Section>
        <Section title={t("sections.security")}>
          <SecuritySection />
        </Section>
        <Section title={t("sections.appearance")}>
          <AppearanceSection />
        </Section>
        {can(role, "backup") ? (
          <Section title={t("sections.system")}>
            <SystemSection backupAction={<BackupButton />} storedBackups={<StoredBackups />} />
          </Section>
        ) : null}
        {can(role, "billing") ? (
          <Section
            title={t("billing:settings.title")}
            description={t("billing:settings.description")}
          >
            <Button asChild variant="outline" className="justify-self-start">
              <Link to="/plano">
                <Wallet aria-hidden="true" />
                {t("billing:settings.link")}
              </Link>
            </Button>
          </Section>
        ) : null}
        {can(role, "assistant") ? (
          <Section
            title={t("assistant:configLink.title")}
            description={t("assistant:configLink.body")}
          >
            <Button asChild variant="outline" className="justify-self-start">
              <Link to="/ia-suprema">
                <Sparkles aria-hidden="true" />
                {t("assistant:configLink.cta")}
              </Link>
            </Button>
          </Section>
        ) : null}
      </div>
    </>
  );
}
