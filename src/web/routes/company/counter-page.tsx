import { can } from "@shared/team-permissions";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { CounterDesk } from "@/web/features/counter/components/counter-desk";
import { useCompanyMe } from "./company-area";

/**
 * /balcao: the counter, an Atendente's home and one tap away for the others. A Gerente or the Dono
 * may also stamp past the interval or the daily cap, with a reason (the server decides too).
 */
export function CounterPage() {
  const { t } = useTranslation("counter");
  const me = useCompanyMe();
  const role = me.member?.role;
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
      <CounterDesk
        canOverride={can(role, "stampOverride")}
        owner={me.company ? { userId: me.user.id, companyId: me.company.id } : undefined}
      />
    </div>
  );
}
