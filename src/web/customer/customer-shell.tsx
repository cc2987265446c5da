import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { Toaster } from "@/web/components/ui/sonner";
import { meQueryOptions } from "@/web/features/auth/api";
import { homePathFor } from "@/web/features/auth/paths";
import { CustomerDashboardPage } from "@/web/routes/customer/customer-dashboard-page";
import { CustomerFrame, CustomerMeError } from "@/web/routes/customer/customer-frame";

/**
 * The customer dashboard on its own (decision 043): the session is checked as the customer area's
 * guard does (routes/customer/customer-area.tsx: signed out -> /login-cliente; a company's account
 * -> its home), then the customer area's layout around the same dashboard as the app's. Its links
 * to the area's other pages load them as pages (lib/nav.tsx's default).
 */
export function CustomerShell() {
  const me = useQuery(meQueryOptions());

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
  if (me.isError) return <CustomerMeError onRetry={() => void me.refetch()} />;
  if (!me.data) return <FullPageSpinner />;
  return (
    <>
      <CustomerFrame me={me.data}>
        <CustomerDashboardPage />
      </CustomerFrame>
      <Toaster />
    </>
  );
}
