import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { homePathFor, meQueryOptions } from "../api";

/**
 * For the sign-in pages: a signed-in admin goes to /dashboard and a customer to
 * /dashboard-cliente; a spinner shows while the session loads.
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const me = useQuery(meQueryOptions());
  if (me.isPending) return <FullPageSpinner />;
  if (me.data) return <Navigate to={homePathFor(me.data.profile.role)} replace />;
  return children;
}
