import type { Me } from "@shared/auth.schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CustomerLayout } from "@/web/components/customer-layout";
import { Button } from "@/web/components/ui/button";
import { useSignOut } from "@/web/features/auth/api";
import { CustomerNotificationBell } from "@/web/features/notifications/components/customer-notification-bell";
import { DeletionBanner } from "@/web/features/privacy/components/deletion-banner";
import { OfflineBar } from "@/web/features/pwa/offline-bar";
import { useSwitchLanguage } from "@/web/features/settings/components/appearance-section";
import { AppearanceSync } from "@/web/features/settings/components/appearance-sync";
import { CustomerMeProvider } from "./customer-me";

/**
 * What surrounds every page of the customer area, in the app (customer-area.tsx) and in the
 * dashboard's own entry (customer/customer-shell.tsx, decision 043): the layout with the bell, the
 * appearance, the offline bar, the deletion banner (unless the page shows its own) and the signed-in
 * customer for the page. No router here: the entry has none.
 */
export function CustomerFrame({
  me,
  deletionBanner = true,
  children,
}: {
  me: Me;
  deletionBanner?: boolean;
  children: ReactNode;
}) {
  const signOut = useSignOut();
  const switchLanguage = useSwitchLanguage();
  const { profile } = me;
  return (
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
      {me.deletionDueAt && deletionBanner ? <DeletionBanner dueAt={me.deletionDueAt} /> : null}
      <CustomerMeProvider me={me}>{children}</CustomerMeProvider>
    </CustomerLayout>
  );
}

/** `/api/me` could not be read (the network, the server): says so and offers to try again. */
export function CustomerMeError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(["common", "customer"]);
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-muted-foreground">{t("customer:profileMissing")}</p>
      <Button type="button" onClick={onRetry}>
        {t("actions.retry")}
      </Button>
    </div>
  );
}
