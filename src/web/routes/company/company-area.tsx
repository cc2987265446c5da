import type { Me } from "@shared/auth.schema";
import { memberHome } from "@shared/team-permissions";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useOutletContext } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { meQueryOptions, useSignOut } from "@/web/features/auth/api";
import { PlanBanner } from "@/web/features/billing/components/plan-banner";
import { useSwitchLanguage } from "@/web/features/settings/appearance";
import { AppearanceSync } from "@/web/features/settings/components/appearance-sync";
import { useDemoMode } from "@/web/lib/demo-mode";
import { CompanyLayout } from "./company-layout";
import { canOpenPage } from "./page-permissions";

/** A closed company's one screen ('Fechar conta'): fetched only for a closed company. */
const CompanyClosed = lazy(() =>
  import("./company-closed").then((m) => ({ default: m.CompanyClosed })),
);

/** Panel pages whose spec rule sends every non-admin to /login-admin (section 6). */
const LOGIN_FOR_NON_ADMINS = new Set(["/configuracoes", "/mensagens"]);

/**
 * Guard and layout of the company panel: only an admin gets in. Without a session -> /login-admin
 * (/login-admin-en from /dashboard-en). A signed-in customer goes to / (sections 2 and 6), except on
 * the settings and messages pages, whose rule is /login-admin (which then forwards them to their area).
 */
export function CompanyArea() {
  const { t } = useTranslation(["common", "company"]);
  const me = useQuery(meQueryOptions());
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // In demo mode (?debug=true, decision 014) /api/me is the demo café's owner, an admin: the
  // guard lets anyone in, and 'Sair' leaves the demo (a sign-out would be a refused write).
  const demo = useDemoMode();
  const switchLanguage = useSwitchLanguage();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-muted-foreground">{t("company:loadError")}</p>
        <Button type="button" onClick={() => void me.refetch()}>
          {t("actions.retry")}
        </Button>
      </div>
    );
  }
  if (!me.data) {
    return <Navigate to={pathname.endsWith("-en") ? "/login-admin-en" : "/login-admin"} replace />;
  }
  if (me.data.profile.role !== "admin") {
    return <Navigate to={LOGIN_FOR_NON_ADMINS.has(pathname) ? "/login-admin" : "/"} replace />;
  }
  if (!me.data.member) return <CompanyMissing reason="noTeam" />;
  if (!me.data.company) return <CompanyMissing reason="company" />;
  const { role } = me.data.member;
  // A closed company ('Fechar conta'): one screen, whatever the page, until restored or deleted.
  if (me.data.company.closedAt) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <CompanyClosed
          closedAt={me.data.company.closedAt}
          companyName={me.data.company.tradeName}
          role={role}
          onSignOut={() => (demo ? window.location.assign("/") : signOut.mutate())}
          signingOut={signOut.isPending || signOut.isSuccess}
        />
      </Suspense>
    );
  }
  // A page the role may not open (PERMISSIONS, as the API): the member's home instead.
  if (!canOpenPage(role, pathname)) return <Navigate to={memberHome(role)} replace />;

  return (
    <CompanyLayout
      role={role}
      companyName={me.data.company?.tradeName ?? me.data.profile.name}
      // In the demo, 'Sair' leaves it for the public site the demo was opened from (the made-up
      // café has no account to sign out of); a signed-in owner's session stays.
      onSignOut={() => (demo ? window.location.assign("/") : signOut.mutate())}
      signingOut={signOut.isPending || signOut.isSuccess}
      // The demo keeps nothing on the server (a save would be refused): the switch stays local.
      onLanguageSwitch={demo ? undefined : switchLanguage}
    >
      <AppearanceSync />
      <PlanBanner company={me.data.company} />
      <Outlet context={me.data} />
    </CompanyLayout>
  );
}

/**
 * An admin whose company cannot be found (spec section 8), or whose account is no longer in any
 * company's team (removed from 'Equipe'): sign out and sign in again.
 */
function CompanyMissing({ reason }: { reason: "company" | "noTeam" }) {
  const { t } = useTranslation("auth");
  const { pathname } = useLocation();
  const signOut = useSignOut(pathname.endsWith("-en") ? "/login-admin-en" : "/login-admin");
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6">
      <Alert variant="destructive" className="max-w-md">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          {t(reason === "noTeam" ? "companyMissing.noTeam" : "companyMissing.message")}
        </AlertDescription>
      </Alert>
      <Button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending || signOut.isSuccess}
      >
        {t("companyMissing.signInAgain")}
      </Button>
    </div>
  );
}

/** The signed-in admin, inside the company panel. */
export const useCompanyMe = () => useOutletContext<Me>();
