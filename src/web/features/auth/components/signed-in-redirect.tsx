import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { joinThroughLink, meQueryOptions } from "../api";
import { homePathFor, returnPathOf } from "../paths";

/**
 * For the sign-in pages: a signed-in admin goes to /dashboard and a customer to
 * /dashboard-cliente; a spinner shows while the session loads. With a company's link
 * (`joinCompanyId`), a customer who signs in on the page joins that company first (referred by
 * `joinReferrerId`, a member's personal link, or sent by a partner, `joinPartnership`); one who
 * was already signed in when the page opened is asked (`confirmJoin`) and joins only on their yes.
 */
export function SignedInRedirect({
  children,
  joinCompanyId,
  joinReferrerId,
  joinPartnership,
  confirmJoin,
  returnTo,
}: {
  children: ReactNode;
  /** Where a customer who signs in goes back to (e.g. /carimbar with the counter's code). */
  returnTo?: string | null;
  joinCompanyId?: string | null;
  joinReferrerId?: string | null;
  /** A partner's link: its `parceria` parameter. */
  joinPartnership?: string | null;
  /** The screen asking a customer, signed in on arrival, to join `companyId`. */
  confirmJoin?: (companyId: string) => ReactNode;
}) {
  const me = useQuery(meQueryOptions());
  const isCustomer = me.data?.profile.role === "customer";
  // Whether the visitor arrived signed in (the first answer of the session query).
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !me.isPending) setArrivedSignedIn(Boolean(me.data));
  const asks = Boolean(isCustomer && arrivedSignedIn && joinCompanyId && confirmJoin);
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    if (!isCustomer || asks) return;
    let live = true;
    void joinThroughLink(joinCompanyId, joinReferrerId, joinPartnership).then(
      () => live && setJoined(true),
    );
    return () => {
      live = false;
    };
  }, [isCustomer, asks, joinCompanyId, joinReferrerId, joinPartnership]);

  if (me.isPending || arrivedSignedIn === null) return <FullPageSpinner />;
  if (asks && joinCompanyId && confirmJoin) return confirmJoin(joinCompanyId);
  if (isCustomer && !joined) return <FullPageSpinner />;
  if (me.data) {
    const back = isCustomer ? returnPathOf(returnTo) : null;
    return <Navigate to={back ?? homePathFor(me.data)} replace />;
  }
  return children;
}
