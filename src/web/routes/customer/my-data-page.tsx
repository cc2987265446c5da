import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { MarketingConsentsSection } from "@/web/features/assistant/components/marketing-consents-section";
import { CustomerProfileDialog } from "@/web/features/auth/components/customer-profile-dialog";
import { myPrivacyQueryOptions } from "@/web/features/privacy/api";
import { ConsentsSection } from "@/web/features/privacy/components/consents-section";
import { DataHoldersSection } from "@/web/features/privacy/components/data-holders-section";
import { DeletionSection } from "@/web/features/privacy/components/deletion-section";
import { ExportsSection } from "@/web/features/privacy/components/exports-section";
import { OwnDataSection } from "@/web/features/privacy/components/own-data-section";
import { useCustomerMe } from "./customer-me";

/**
 * /dashboard-cliente/meus-dados: the LGPD's rights in one page (issue 34): who holds the data and
 * what each company sees (with 'Sair do programa'), the download, the consents, the correction and
 * the account's deletion.
 */
export function MyDataPage() {
  const { t } = useTranslation(["privacy", "common"]);
  const me = useCustomerMe();
  const privacy = useQuery(myPrivacyQueryOptions());

  return (
    <>
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/dashboard-cliente">
            <ArrowLeft aria-hidden="true" />
            {t("page.back")}
          </Link>
        </Button>
      </div>
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
      {privacy.isPending ? (
        <Spinner label={t("page.title")} />
      ) : privacy.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("page.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void privacy.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <DataHoldersSection holders={privacy.data.holders} />
          <ExportsSection
            exports={privacy.data.exports}
            leftToday={privacy.data.exportsLeftToday}
          />
          <ConsentsSection
            consents={privacy.data.consents}
            marketing={<MarketingConsentsSection />}
          />
          <OwnDataSection
            profile={me.profile}
            edit={
              <CustomerProfileDialog
                {...me.profile}
                trigger={
                  <Button type="button" variant="outline">
                    <UserRound aria-hidden="true" />
                    {t("own.edit")}
                  </Button>
                }
              />
            }
          />
          <DeletionSection deletion={privacy.data.deletion} />
        </div>
      )}
    </>
  );
}
