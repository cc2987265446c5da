import { can } from "@shared/team-permissions";
import { useIsFetching, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Sparkles, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { BackupButton } from "@/web/features/backup/components/backup-button";
import { StoredBackups } from "@/web/features/backup/components/stored-backups";
import { MemberPushSection } from "@/web/features/push/components/member-push-section";
import { CompanyReferrals } from "@/web/features/referrals/components/company-referrals";
import { SecuritySection } from "@/web/features/security/components/security-section";
import { sectionQueryOptions } from "@/web/features/settings/api";
import { AppearanceSection } from "@/web/features/settings/components/appearance-section";
import { CloseAccountCard } from "@/web/features/settings/components/close-account-card";
import { CounterRulesSection } from "@/web/features/settings/components/counter-rules-section";
import { LoyaltyRulesSection } from "@/web/features/settings/components/loyalty-rules-section";
import { NotificationsSection } from "@/web/features/settings/components/notifications-section";
import { PrivacyRequestsList } from "@/web/features/settings/components/privacy-requests-list";
import { PromotionSection } from "@/web/features/settings/components/promotion-section";
import { ReferralRulesSection } from "@/web/features/settings/components/referral-rules-section";
import { SystemSection } from "@/web/features/settings/components/system-section";
import { useCompanyMe } from "./company-area";

/** The referral rules' section, the dashboard's 'Ative o programa de indicação' link's target. */
const REFERRAL_SECTION_ID = "indicacoes";

function Section({
  anchor,
  title,
  description,
  children,
}: {
  /** The section's id, for a link to /configuracoes#anchor. */
  anchor?: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className="grid scroll-mt-20 gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
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
 * A link to a section (/configuracoes#indicacoes) lands on it once the sections above have loaded
 * their data: they grow as they do, and would push the section away from where the router put it.
 */
function useScrollToHashWhenLoaded() {
  const { hash } = useLocation();
  const fetching = useIsFetching();
  const scrolled = useRef(false);
  useEffect(() => {
    if (!hash || fetching > 0 || scrolled.current) return;
    // A tick later: a fetch that starts meanwhile cancels it, and its end schedules it again.
    const timer = setTimeout(() => {
      scrolled.current = true;
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    }, 0);
    return () => clearTimeout(timer);
  }, [hash, fetching]);
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
  const notifications = useQuery(sectionQueryOptions("notifications"));
  useScrollToHashWhenLoaded();
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
        <Section
          anchor={REFERRAL_SECTION_ID}
          title={t("sections.referral")}
          description={t("sections.referralHint")}
        >
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
          {/* This device's Web Push, under the company's switches that hold it back. */}
          <MemberPushSection memberRole={role} company={notifications.data} />
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
            <CloseAccountCard backupAction={<BackupButton label={t("closure.downloadBackup")} />} />
          </Section>
        ) : null}
        {can(role, "customers") ? (
          <Section
            title={t("sections.privacyRequests")}
            description={t("sections.privacyRequestsHint")}
          >
            <PrivacyRequestsList />
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
