import { useQuery } from "@tanstack/react-query";
import { type Location, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { meQueryOptions } from "@/web/features/auth/api";
import { homePathFor, RETURN_PARAM } from "@/web/features/auth/paths";
import { NavProvider } from "@/web/lib/nav";
import { CustomerFrame, CustomerMeError } from "./customer-frame";

/**
 * Guard and layout of the customer area: signed-in customers only. Without a session ->
 * /login-cliente; an admin -> /dashboard.
 */
export function CustomerArea() {
  const me = useQuery(meQueryOptions());
  const location = useLocation();
  const navigate = useNavigate();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) return <CustomerMeError onRetry={() => void me.refetch()} />;
  // Back here once signed in (e.g. /carimbar with the counter's code).
  if (!me.data) return <Navigate to={signInAndBack(location)} replace />;
  if (me.data.profile.role === "admin") return <Navigate to={homePathFor(me.data)} replace />;

  // The customer area's links (lib/nav.tsx) move within the app's router here.
  const nav = { navigate: (to: string) => void navigate(to), pathname: location.pathname };
  return (
    <NavProvider value={nav}>
      {/* Signed in during the grace period: the offer to cancel ('Meus dados' has its own). */}
      <CustomerFrame
        me={me.data}
        deletionBanner={location.pathname !== "/dashboard-cliente/meus-dados"}
      >
        <Outlet />
      </CustomerFrame>
    </NavProvider>
  );
}

/** /login-cliente, coming back to `location` after signing in (not for the panel's home). */
function signInAndBack(location: Location): string {
  if (location.pathname === "/dashboard-cliente") return "/login-cliente";
  const back = `${location.pathname}${location.search}`;
  return `/login-cliente?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}
