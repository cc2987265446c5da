import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { homePathFor, joinThroughLink, meQueryOptions } from "../api";

/**
 * For the sign-in pages: a signed-in admin goes to /dashboard and a customer to
 * /dashboard-cliente (joining `joinCompanyId` first, when the page was opened through a company's
 * link); a spinner shows while the session loads.
 */
export function SignedInRedirect({
  children,
  joinCompanyId,
}: {
  children: ReactNode;
  joinCompanyId?: string | null;
}) {
  const me = useQuery(meQueryOptions());
  const isCustomer = me.data?.profile.role === "customer";
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    if (!isCustomer) return;
    let live = true;
    void joinThroughLink(joinCompanyId).then(() => live && setJoined(true));
    return () => {
      live = false;
    };
  }, [isCustomer, joinCompanyId]);

  if (me.isPending || (isCustomer && !joined)) return <FullPageSpinner />;
  if (me.data) return <Navigate to={homePathFor(me.data.profile.role)} replace />;
  return children;
}
