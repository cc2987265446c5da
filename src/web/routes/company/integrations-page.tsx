import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { AccessLog } from "@/web/features/integrations/components/access-log";
import { ApiKeys } from "@/web/features/integrations/components/api-keys";
import { IntegrationsIntro } from "@/web/features/integrations/components/integrations-intro";
import { SandboxData } from "@/web/features/integrations/components/sandbox-data";
import { Webhooks } from "@/web/features/integrations/components/webhooks";

/**
 * /integracoes ('Integrações', the Dono's): a short intro with the API reference and the guide,
 * the API keys, the webhooks with their delivery logs, the API's access log, and what test keys
 * created, shown apart from the live data.
 */
export function IntegrationsPage() {
  const { t } = useTranslation("integrations");
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <IntegrationsIntro />
      <ApiKeys />
      <Webhooks />
      <AccessLog />
      <SandboxData />
    </>
  );
}
