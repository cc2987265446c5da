import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Location, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { CustomerLayout } from "@/web/components/customer-layout";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { Button } from "@/web/components/ui/button";
import { meQueryOptions, useSignOut } from "@/web/features/auth/api";
import { homePathFor, RETURN_PARAM } from "@/web/features/auth/paths";
import { CustomerNotificationBell } from "@/web/features/notifications/components/customer-notification-bell";
import { DeletionBanner } from "@/web/features/privacy/components/deletion-banner";
import { OfflineBar } from "@/web/features/pwa/offline-bar";
import { useSwitchLanguage } from "@/web/features/settings/components/appearance-section";
import { AppearanceSync } from "@/web/features/settings/components/appearance-sync";
import { NavProvider } from "@/web/lib/nav";
import { CustomerMeProvider } from "./customer-me";

/**
 * Guard and layout of the customer area: signed-in customers only. Without a session ->
 * /login-cliente; an admin -> /dashboard.
 */
export function CustomerArea() {
  const { t } = useTranslation(["common", "customer"]);
  const me = useQuery(meQueryOptions());
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const switchLanguage = useSwitchLanguage();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-muted-foreground">{t("customer:profileMissing")}</p>
        <Button type="button" onClick={() => void me.refetch()}>
          {t("actions.retry")}
        </Button>
      </div>
    );
  }
  // Back here once signed in (e.g. /carimbar with the counter's code).
  if (!me.data) return <Navigate to={signInAndBack(location)} replace />;
  if (me.data.profile.role === "admin") return <Navigate to={homePathFor(me.data)} replace />;

  const { profile } = me.data;
  // The customer area's links (lib/nav.tsx) move within the app's router here.
  const nav = { navigate: (to: string) => void navigate(to), pathname: location.pathname };
  return (
    <NavProvider value={nav}>
      <CustomerLayout
        name={profile.name}
        city={profile.city}
        state={profile.state}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending || signOut.isSuccess}
        bell={<CustomerNotificationBell />}
        onLanguageSwitch={switchLanguage}
      >
        <AppearanceSync />
        <OfflineBar />
        {/* Signed in during the grace period: the offer to cancel ('Meus dados' has its own). */}
        {me.data.deletionDueAt && location.pathname !== "/dashboard-cliente/meus-dados" ? (
          <DeletionBanner dueAt={me.data.deletionDueAt} />
        ) : null}
        <CustomerMeProvider me={me.data}>
          <Outlet />
        </CustomerMeProvider>
      </CustomerLayout>
    </NavProvider>
  );
}

/** /login-cliente, coming back to `location` after signing in (not for the panel's home). */
function signInAndBack(location: Location): string {
  if (location.pathname === "/dashboard-cliente") return "/login-cliente";
  const back = `${location.pathname}${location.search}`;
  return `/login-cliente?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}
