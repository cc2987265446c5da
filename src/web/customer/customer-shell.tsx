import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CustomerLayout } from "@/web/components/customer-layout";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { Button } from "@/web/components/ui/button";
import { Toaster } from "@/web/components/ui/sonner";
import { meQueryOptions, useSignOut } from "@/web/features/auth/api";
import { homePathFor } from "@/web/features/auth/paths";
import { CustomerNotificationBell } from "@/web/features/notifications/components/customer-notification-bell";
import { DeletionBanner } from "@/web/features/privacy/components/deletion-banner";
import { OfflineBar } from "@/web/features/pwa/offline-bar";
import { useSwitchLanguage } from "@/web/features/settings/components/appearance-section";
import { AppearanceSync } from "@/web/features/settings/components/appearance-sync";
import { CustomerDashboardPage } from "@/web/routes/customer/customer-dashboard-page";
import { CustomerMeProvider } from "@/web/routes/customer/customer-me";

/**
 * The customer dashboard on its own (decision 043): the session is checked as the customer area's
 * guard does (routes/customer/customer-area.tsx: signed out -> /login-cliente; a company's account
 * -> its home), then the customer area's layout around the same dashboard as the app's. Its links
 * to the area's other pages load them as pages (lib/nav.tsx's default).
 */
export function CustomerShell() {
  const { t } = useTranslation(["common", "customer"]);
  const me = useQuery(meQueryOptions());
  const signOut = useSignOut();
  const switchLanguage = useSwitchLanguage();

  // Signed out -> /login-cliente; a company's account -> its home (as the area's guard does).
  const away =
    me.data === null
      ? "/login-cliente"
      : me.data?.profile.role === "admin"
        ? homePathFor(me.data)
        : null;
  useEffect(() => {
    if (away) window.location.replace(away);
  }, [away]);
  if (me.isPending || away) return <FullPageSpinner />;
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

  if (!me.data) return <FullPageSpinner />;
  const { profile } = me.data;
  return (
    <>
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
        {me.data.deletionDueAt ? <DeletionBanner dueAt={me.data.deletionDueAt} /> : null}
        <CustomerMeProvider me={me.data}>
          <CustomerDashboardPage />
        </CustomerMeProvider>
      </CustomerLayout>
      <Toaster />
    </>
  );
}
