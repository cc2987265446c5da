import { SITE_PATHS } from "@shared/site";
import { Suspense } from "react";
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  redirectDocument,
  ScrollRestoration,
} from "react-router";
import { DemoModeProvider } from "./components/demo-mode";
import { FullPageSpinner } from "./components/full-page-spinner";
import { RouteError } from "./components/route-error";
import {
  APP_NAMESPACES,
  COMPANY_AREA_NAMESPACES,
  DASHBOARD_NAMESPACES,
  lazyPage,
  SIGN_IN_NAMESPACES,
} from "./route-texts";

function Root() {
  return (
    <>
      <ScrollRestoration />
      {/* A component whose texts were not fetched yet waits here (lazily loaded namespaces). */}
      <Suspense fallback={<FullPageSpinner />}>
        {/* ?debug=true: the demo café's data on the demo pages (decision 014). */}
        <DemoModeProvider fallback={<FullPageSpinner />}>
          <Outlet />
        </DemoModeProvider>
      </Suspense>
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // The public site is its own entry (site.html): a link to one of its pages loads that page.
      ...Object.keys(SITE_PATHS).map((path) => ({
        path,
        loader: ({ request }: { request: Request }) => {
          const url = new URL(request.url);
          return redirectDocument(url.pathname + url.search + url.hash);
        },
      })),
      // 'Novo Cliente' invitation: set a password
      {
        path: "/convite",
        lazy: lazyPage(
          () => import("./routes/public/invitation-page").then((m) => m.InvitationPage),
          SIGN_IN_NAMESPACES,
        ),
      },

      // An invitation to a company's team ('Equipe'): create a password, or accept signed in
      {
        path: "/equipe/convite",
        lazy: lazyPage(
          () => import("./routes/public/staff-invitation-page").then((m) => m.StaffInvitationPage),
          [...SIGN_IN_NAMESPACES, "team"],
        ),
      },

      // A campaign e-mail's one-click opt-out (public, no sign-in)
      {
        path: "/descadastrar",
        lazy: lazyPage(
          () => import("./routes/public/opt-out-page").then((m) => m.OptOutPage),
          ["errors", "assistant", "layout"],
        ),
      },

      // Sign-in and sign-up, each form at its own address (the link under one goes to the other)
      ...(
        [
          ["/login-admin", "company", undefined],
          ["/login-admin-en", "company", "en"],
          ["/cadastro-empresa", "company", undefined],
          ["/signup-company-en", "company", "en"],
          ["/login-cliente", "customer", undefined],
          ["/login-client-en", "customer", "en"],
          ["/cadastro-cliente", "customer", undefined],
          ["/signup-client-en", "customer", "en"],
        ] as const
      ).map(([path, account, language]) => ({
        path,
        lazy: lazyPage(
          account === "company"
            ? () => import("./routes/auth/company-login-page").then((m) => m.CompanyLoginPage)
            : () => import("./routes/auth/customer-login-page").then((m) => m.CustomerLoginPage),
          SIGN_IN_NAMESPACES,
          language,
        ),
      })),

      // Password recovery: 'Esqueci minha senha', then the e-mail's link
      ...(
        [
          ["/esqueci-senha", undefined],
          ["/forgot-password-en", "en"],
        ] as const
      ).map(([path, language]) => ({
        path,
        lazy: lazyPage(
          () => import("./routes/auth/forgot-password-page").then((m) => m.ForgotPasswordPage),
          SIGN_IN_NAMESPACES,
          language,
        ),
      })),
      ...(
        [
          ["/redefinir-senha", undefined],
          ["/reset-password-en", "en"],
        ] as const
      ).map(([path, language]) => ({
        path,
        lazy: lazyPage(
          () => import("./routes/auth/reset-password-page").then((m) => m.ResetPasswordPage),
          SIGN_IN_NAMESPACES,
          language,
        ),
      })),

      // Company panel (admins)
      {
        lazy: lazyPage(
          () => import("./routes/company/company-area").then((m) => m.CompanyArea),
          COMPANY_AREA_NAMESPACES,
        ),
        children: [
          {
            path: "/dashboard",
            lazy: lazyPage(
              () => import("./routes/company/dashboard-page").then((m) => m.DashboardPage),
              DASHBOARD_NAMESPACES,
            ),
          },
          {
            path: "/dashboard-en",
            lazy: lazyPage(
              () => import("./routes/company/dashboard-page").then((m) => m.DashboardPage),
              DASHBOARD_NAMESPACES,
              "en",
            ),
          },
          {
            path: "/clientes",
            lazy: lazyPage(
              () => import("./routes/company/customers-page").then((m) => m.CustomersPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/cartoes",
            lazy: lazyPage(
              () => import("./routes/company/cards-page").then((m) => m.CardsPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/mensagens",
            lazy: lazyPage(
              () => import("./routes/company/messages-page").then((m) => m.MessagesPage),
              [...APP_NAMESPACES, "assistant"],
            ),
          },
          {
            path: "/configuracoes",
            lazy: lazyPage(
              () => import("./routes/company/settings-page").then((m) => m.SettingsPage),
              [...APP_NAMESPACES, "assistant", "push"],
            ),
          },
          {
            path: "/plano",
            lazy: lazyPage(
              () => import("./routes/company/plan-page").then((m) => m.PlanPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/plano/checkout/:invoiceId",
            lazy: lazyPage(
              () => import("./routes/company/plan-checkout-page").then((m) => m.PlanCheckoutPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/dados-empresa",
            lazy: lazyPage(
              () => import("./routes/company/company-data-page").then((m) => m.CompanyDataPage),
              APP_NAMESPACES,
            ),
          },
          // /dados-usuario repeated /dados-empresa's fields (issue 29): its links lead there now.
          { path: "/dados-usuario", element: <Navigate to="/dados-empresa" replace /> },
          {
            path: "/parceria",
            lazy: lazyPage(
              () => import("./routes/company/partnership-page").then((m) => m.PartnershipPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/parceria-marketplace",
            lazy: lazyPage(
              () =>
                import("./routes/company/partnership-marketplace-page").then(
                  (m) => m.PartnershipMarketplacePage,
                ),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/parceria-mensagens",
            lazy: lazyPage(
              () =>
                import("./routes/company/partner-messages-page").then((m) => m.PartnerMessagesPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/parcerias-ativas",
            lazy: lazyPage(
              () =>
                import("./routes/company/active-partnerships-page").then(
                  (m) => m.ActivePartnershipsPage,
                ),
              APP_NAMESPACES,
            ),
          },
          {
            // Its own chunk with recharts: no other page downloads the charts.
            path: "/relatorios",
            lazy: lazyPage(
              () => import("./routes/company/reports-page").then((m) => m.ReportsPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/ia-suprema",
            lazy: lazyPage(
              () => import("./routes/company/assistant-page").then((m) => m.AssistantPage),
              [...APP_NAMESPACES, "assistant"],
            ),
          },
          {
            path: "/equipe",
            lazy: lazyPage(
              () => import("./routes/company/team-page").then((m) => m.TeamPage),
              [...APP_NAMESPACES, "team"],
            ),
          },
          {
            // 'Integrações': API keys, webhooks, the API's access log and test data (Dono only).
            path: "/integracoes",
            lazy: lazyPage(
              () => import("./routes/company/integrations-page").then((m) => m.IntegrationsPage),
              [...APP_NAMESPACES, "integrations"],
            ),
          },
          {
            // The counter ('Balcão'): an attendant's home, one tap away for the others.
            path: "/balcao",
            lazy: lazyPage(
              () => import("./routes/company/counter-page").then((m) => m.CounterPage),
              [...APP_NAMESPACES, "counter"],
            ),
          },
          {
            // The counter screen's rotating code for customers' self-stamps.
            path: "/balcao/qr",
            lazy: lazyPage(
              () => import("./routes/company/counter-qr-page").then((m) => m.CounterQrPage),
              [...APP_NAMESPACES, "counter"],
            ),
          },
        ],
      },

      // Customer area
      {
        lazy: lazyPage(
          () => import("./routes/customer/customer-area").then((m) => m.CustomerArea),
          [...APP_NAMESPACES, "push", "pwa"],
        ),
        children: [
          {
            path: "/dashboard-cliente",
            lazy: lazyPage(
              () =>
                import("./routes/customer/customer-dashboard-page").then(
                  (m) => m.CustomerDashboardPage,
                ),
              [...APP_NAMESPACES, "counter", "assistant"],
            ),
          },
          {
            path: "/dashboard-cliente-cartoes-fidelidade",
            lazy: lazyPage(
              () =>
                import("./routes/customer/customer-cards-page").then((m) => m.CustomerCardsPage),
              APP_NAMESPACES,
            ),
          },
          {
            path: "/dashboard-cliente-cartao-fidelidade/:companyId",
            lazy: lazyPage(
              () => import("./routes/customer/customer-card-page").then((m) => m.CustomerCardPage),
              [...APP_NAMESPACES, "counter"],
            ),
          },
          {
            path: "/dashboard-cliente/meus-dados",
            lazy: lazyPage(
              () => import("./routes/customer/my-data-page").then((m) => m.MyDataPage),
              [...APP_NAMESPACES, "assistant", "privacy"],
            ),
          },
          {
            // A self-stamp: the customer scanned the counter screen's code.
            path: "/carimbar",
            lazy: lazyPage(
              () => import("./routes/customer/self-stamp-page").then((m) => m.SelfStampPage),
              [...APP_NAMESPACES, "counter"],
            ),
          },
        ],
      },

      // Rarely reached: its code and both languages' texts are fetched when it is.
      {
        path: "*",
        lazy: async () => ({
          Component: (await import("./routes/public/not-found-page")).NotFoundPage,
        }),
      },
    ],
  },
]);
