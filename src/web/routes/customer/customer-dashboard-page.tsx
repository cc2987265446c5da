import { CreditCard, Megaphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CustomerSettingsDialog } from "@/web/components/customer-settings-dialog";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import {
  CompleteProfilePrompt,
  CustomerProfileButton,
} from "@/web/features/auth/components/customer-profile-dialog";
import { CardHistory } from "@/web/features/cards/components/card-history";
import { JoinCompanyButton } from "@/web/features/cards/components/join-company-button";
import { useLiveCards } from "@/web/features/cards/live-cards";
import { CompanyDirectory } from "@/web/features/companies/components/company-directory";
import { SpecialPromotions } from "@/web/features/companies/components/special-promotions";
import { CounterCodeDialog } from "@/web/features/counter/components/counter-code-dialog";
import { MyInvitations } from "@/web/features/customers/components/my-invitations";
import { InterestForm } from "@/web/features/interests/components/interest-form";
import { CompanyRepliesList } from "@/web/features/messages/components/company-replies-list";
import { MessageCompanyDialog } from "@/web/features/messages/components/message-company-dialog";
import { InstallCard } from "@/web/features/pwa/install-card";
import { useSaveAppearance } from "@/web/features/settings/api";
import { lazyWithTexts } from "@/web/lib/lazy-with-texts";
import { Link } from "@/web/lib/nav";
import { useCustomerMe } from "./customer-me";

/** The settings' other sections, with their switches and APIs: fetched with the open dialog. */
const CustomerSettingsSections = lazyWithTexts(
  () => import("./customer-settings-sections").then((m) => m.CustomerSettingsSections),
  ["customer", "notifications", "push", "assistant", "errors"],
);

/**
 * /dashboard-cliente: settings, links to the cards and the special promotions, 'Meus dados' (city
 * and state, with a prompt while they are empty), the card history,
 * the company directory, the interest form and the companies' replies. 'Mostrar no balcão' shows the
 * customer's counter code; the card history follows a stamp at the counter live (useLiveCards).
 */
export function CustomerDashboardPage() {
  const { t } = useTranslation("customer");
  const me = useCustomerMe();
  const saveAppearance = useSaveAppearance();
  useLiveCards();
  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        subtitle={t("dashboard.subtitle")}
        actions={
          <CustomerSettingsDialog onChange={(appearance) => saveAppearance.mutate(appearance)}>
            <CustomerSettingsSections />
          </CustomerSettingsDialog>
        }
      />
      <CounterCodeDialog className="h-12 w-full sm:w-auto sm:justify-self-start" />
      <InstallCard />
      <CompleteProfilePrompt {...me.profile} />
      <nav className="flex flex-wrap gap-2" aria-label={t("dashboard.title")}>
        <Button asChild variant="outline">
          <Link to="/dashboard-cliente-cartoes-fidelidade">
            <CreditCard aria-hidden="true" />
            {t("links.cards")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href="#promocoes">
            <Megaphone aria-hidden="true" />
            {t("links.promotions")}
          </a>
        </Button>
        <CustomerProfileButton {...me.profile} />
      </nav>
      <MyInvitations />
      <CardHistory />
      <SpecialPromotions />
      <CompanyDirectory
        actions={(company) => (
          <>
            {company.member ? null : (
              <JoinCompanyButton companyId={company.id} companyName={company.tradeName} />
            )}
            <MessageCompanyDialog companyId={company.id} companyName={company.tradeName} />
          </>
        )}
      />
      <InterestForm city={me.profile.city ?? undefined} state={me.profile.state ?? undefined} />
      <CompanyRepliesList />
    </>
  );
}
