import { can } from "@shared/team-permissions";
import { ArrowLeft, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { SelfStampQr } from "@/web/features/stamps/components/self-stamp-qr";
import { useCompanyMe } from "./company-area";

/**
 * /balcao/qr: the screen left on the counter for customers' self-stamps ('Regras do Programa':
 * off by default). Whoever may change the rules is offered the way to turn it on.
 */
export function CounterQrPage() {
  const { t } = useTranslation("stamps");
  const me = useCompanyMe();
  const mayChangeRules = can(me.member?.role, "programs");
  return (
    <>
      <PageHeader
        title={t("qr.title")}
        subtitle={t("qr.subtitle")}
        actions={
          <Button asChild variant="outline">
            <Link to="/balcao">
              <ArrowLeft aria-hidden="true" />
              {t("qr.back")}
            </Link>
          </Button>
        }
      />
      <SelfStampQr
        settingsLink={
          mayChangeRules ? (
            <Button asChild>
              <Link to="/configuracoes">
                <Settings aria-hidden="true" />
                {t("qr.toSettings")}
              </Link>
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
