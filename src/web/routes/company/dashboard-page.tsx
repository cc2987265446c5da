import { can } from "@shared/team-permissions";
import { useQuery } from "@tanstack/react-query";
import { MessageSquare, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { PlanSummaryCard } from "@/web/features/billing/components/plan-summary-card";
import { RecentCards } from "@/web/features/cards/components/recent-cards";
import { PendingClaimsCard } from "@/web/features/claims/components/pending-claims-card";
import { CompanyQrCard } from "@/web/features/companies/components/company-qr-card";
import { PendingMessagesCount } from "@/web/features/messages/components/pending-messages-count";
import { setupChecklistQueryOptions } from "@/web/features/reports/api";
import {
  DashboardStatCards,
  DashboardSummary,
} from "@/web/features/reports/components/dashboard-stats";
import { SetupChecklist } from "@/web/features/reports/components/setup-checklist";
import { sectionQueryOptions } from "@/web/features/settings/api";
import { AddStampDialog } from "@/web/features/stamps/components/add-stamp-dialog";
import { stampMethodsFor } from "@/web/features/stamps/methods";
import { useDemoMode } from "@/web/lib/demo-mode";
import { useCompanyMe } from "./company-area";

/** What 'Adicionar Carimbo' reads (the customers' search, the programmes): with its first click. */
const loadStampSources = () => import("./dashboard-stamp-sources").then((m) => m.STAMP_SOURCES);

/**
 * /dashboard (and /dashboard-en): the greeting, the setup checklist ('Primeiros passos'), the
 * trial, and what arrives next.
 */
export function DashboardPage() {
  const { t } = useTranslation(["company", "layout"]);
  const demo = useDemoMode();
  const me = useCompanyMe();
  const company = me.company;
  const name = company?.tradeName ?? me.profile.name;
  const rules = useQuery(sectionQueryOptions("loyalty-rules")).data;
  const counterRules = useQuery(sectionQueryOptions("counter-rules")).data;
  // 'Primeiros passos' appears above the QR card with its data and pushes the card down (more
  // than a screen down on a phone): the card's code is drawn once it is seen after that.
  const setup = useQuery({ ...setupChecklistQueryOptions(), enabled: !demo });

  return (
    <>
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-lg">{t("dashboard.greeting", { name })}</p>
        <AddStampDialog
          loadSources={loadStampSources}
          methods={stampMethodsFor(rules)}
          mayOverride={can(me.member?.role, "stampOverride")}
          byValue={counterRules}
        />
      </div>
      {/* The demo café is set up already, and the demo changes nothing. */}
      {demo ? null : <SetupChecklist teamLink={can(me.member?.role, "team")} />}
      <DashboardStatCards />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-6">
          {company ? (
            // 'Imprima o cartaz' of the setup checklist leads here (#qr-code).
            <div id="qr-code" className="grid scroll-mt-20">
              <CompanyQrCard
                companyId={company.id}
                tradeName={company.tradeName}
                demo={demo ? { note: t("layout:demo.qr") } : undefined}
                settled={demo || setup.isFetched}
              />
            </div>
          ) : null}
          <PendingClaimsCard />
          <RecentCards />
          <DashboardSummary />
        </div>
        <div className="grid content-start gap-6">
          <PlanSummaryCard />
          <Card>
            <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
              <MessageSquare aria-hidden="true" className="size-5 text-primary" />
              <CardTitle asChild>
                <h2>{t("dashboard.messagesTitle")}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <PendingMessagesCount />
              <p className="text-muted-foreground">{t("dashboard.messagesText")}</p>
              <Button asChild variant="outline">
                <Link to="/mensagens">{t("dashboard.messagesLink")}</Link>
              </Button>
            </CardContent>
          </Card>
          <Card className="border-primary/40 bg-primary/5">
            <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
              <Sparkles aria-hidden="true" className="size-5 text-primary" />
              <CardTitle asChild>
                <h2>{t("dashboard.aiTitle")}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p>{t("dashboard.aiText")}</p>
              <Button asChild>
                <Link to="/ia-suprema">{t("dashboard.aiLink")}</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
