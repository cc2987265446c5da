import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { partnershipOverviewQueryOptions } from "@/web/features/partnerships/api";
import { PartnershipRequests } from "@/web/features/partnerships/components/partnership-requests";
import { PartnershipSettingsForm } from "@/web/features/partnerships/components/partnership-settings-form";
import { PartnershipShortcuts } from "@/web/features/partnerships/components/partnership-shortcuts";

/**
 * /parceria: the switch and description, shortcuts to the marketplace, the conversations and the
 * active partnerships, and the requests waiting for an answer.
 */
export function PartnershipPage() {
  const { t } = useTranslation(["company", "partnerships"]);
  const overview = useQuery(partnershipOverviewQueryOptions());

  useEffect(() => {
    if (overview.isError)
      toast.error(t("partnerships:settings.loadError"), { id: "partnership-settings-error" });
  }, [overview.isError, t]);

  return (
    <>
      <PageHeader title={t("pages.partnership.title")} subtitle={t("pages.partnership.subtitle")} />
      {overview.isPending ? <Spinner label={t("partnerships:requests.loading")} /> : null}
      {overview.isError && !overview.data ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive text-sm">{t("partnerships:settings.loadError")}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void overview.refetch()}>
            {t("partnerships:marketplace.retry")}
          </Button>
        </div>
      ) : null}
      {overview.data ? (
        <>
          <PartnershipShortcuts overview={overview.data} />
          <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
            <PartnershipSettingsForm overview={overview.data} />
            <PartnershipRequests />
          </div>
        </>
      ) : null}
    </>
  );
}
