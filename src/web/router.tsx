import { createBrowserRouter, Outlet, ScrollRestoration } from "react-router";
import { PageLanguage } from "./components/page-language";
import { RouteError } from "./components/route-error";
import { CompanyLoginPage } from "./routes/auth/company-login-page";
import { CustomerLoginPage } from "./routes/auth/customer-login-page";
import { CardsPage } from "./routes/company/cards-page";
import { CompanyArea } from "./routes/company/company-area";
import { CompanyDataPage } from "./routes/company/company-data-page";
import { CompanyPlaceholderPage } from "./routes/company/company-placeholder-page";
import { CustomersPage } from "./routes/company/customers-page";
import { DashboardPage } from "./routes/company/dashboard-page";
import { MessagesPage } from "./routes/company/messages-page";
import { SettingsPage } from "./routes/company/settings-page";
import { UserDataPage } from "./routes/company/user-data-page";
import { CustomerArea } from "./routes/customer/customer-area";
import { CustomerCardPage } from "./routes/customer/customer-card-page";
import { CustomerCardsPage } from "./routes/customer/customer-cards-page";
import { CustomerDashboardPage } from "./routes/customer/customer-dashboard-page";
import { HomePage } from "./routes/public/home-page";
import { InvitationPage } from "./routes/public/invitation-page";
import { NotFoundPage } from "./routes/public/not-found-page";
import { PublicPlaceholderPage } from "./routes/public/public-placeholder-page";

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // Public
      { path: "/", element: <HomePage /> },
      { path: "/lp-empresa", element: <PublicPlaceholderPage page="companyLanding" /> },
      { path: "/lp-usuarios", element: <PublicPlaceholderPage page="customerLanding" /> },
      { path: "/lp-ia-suprema", element: <PublicPlaceholderPage page="aiLanding" /> },
      { path: "/ajuda", element: <PublicPlaceholderPage page="help" /> },
      { path: "/termos", element: <PublicPlaceholderPage page="terms" /> },
      { path: "/privacidade", element: <PublicPlaceholderPage page="privacy" /> },
      // 'Novo Cliente' invitation: set a password
      { path: "/convite", element: <InvitationPage /> },

      // Sign-in and sign-up
      { path: "/login-admin", element: <CompanyLoginPage /> },
      {
        path: "/login-admin-en",
        element: (
          <PageLanguage language="en">
            <CompanyLoginPage />
          </PageLanguage>
        ),
      },
      { path: "/login-cliente", element: <CustomerLoginPage /> },
      {
        path: "/login-client-en",
        element: (
          <PageLanguage language="en">
            <CustomerLoginPage />
          </PageLanguage>
        ),
      },

      // Company panel (admins)
      {
        element: <CompanyArea />,
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          {
            path: "/dashboard-en",
            element: (
              <PageLanguage language="en">
                <DashboardPage />
              </PageLanguage>
            ),
          },
          { path: "/clientes", element: <CustomersPage /> },
          { path: "/cartoes", element: <CardsPage /> },
          { path: "/mensagens", element: <MessagesPage /> },
          { path: "/parceria", element: <CompanyPlaceholderPage page="partnership" /> },
          { path: "/relatorios", element: <CompanyPlaceholderPage page="reports" /> },
          { path: "/configuracoes", element: <SettingsPage /> },
          { path: "/dados-empresa", element: <CompanyDataPage /> },
          { path: "/dados-usuario", element: <UserDataPage /> },
          { path: "/ia-suprema", element: <CompanyPlaceholderPage page="ai" /> },
          {
            path: "/parceria-marketplace",
            element: <CompanyPlaceholderPage page="partnershipMarketplace" />,
          },
          {
            path: "/parceria-mensagens",
            element: <CompanyPlaceholderPage page="partnershipMessages" />,
          },
          {
            path: "/parcerias-ativas",
            element: <CompanyPlaceholderPage page="activePartnerships" />,
          },
        ],
      },

      // Customer area
      {
        element: <CustomerArea />,
        children: [
          { path: "/dashboard-cliente", element: <CustomerDashboardPage /> },
          { path: "/dashboard-cliente-cartoes-fidelidade", element: <CustomerCardsPage /> },
          {
            path: "/dashboard-cliente-cartao-fidelidade/:companyId",
            element: <CustomerCardPage />,
          },
        ],
      },

      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
