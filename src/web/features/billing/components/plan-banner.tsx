import type { Plan, PlanStatus } from "@shared/billing.schema";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { billingOverviewQueryOptions } from "../api";
import { chargeToPay, formatUntil } from "../plan-dates";
import { PayActions } from "./pay-actions";

type PlanState = { planStatus: PlanStatus; plan: Plan | null };

/**
 * The panel's plan banner. Grace (a charge overdue): pay by the given date, with the charge's
 * Pix code, boleto or checkout. Expired (read-only: stamping and redemption go on): 'Assinar agora',
 * or the open charge's payment when there is one. Both go away as soon as the payment is in
 * (src/web/invalidations.ts refreshes `me` after the billing mutations).
 */
export function PlanBanner({ company }: { company: PlanState | null }) {
  const status = company?.planStatus;
  if (status !== "grace" && status !== "expired") return null;
  return <PlanAlert status={status} subscribed={company?.plan != null} />;
}

function PlanAlert({ status, subscribed }: { status: "grace" | "expired"; subscribed: boolean }) {
  const { t } = useTranslation("billing");
  const overview = useQuery({ ...billingOverviewQueryOptions(), enabled: subscribed }).data;
  const charge = overview ? chargeToPay(overview) : null;
  const graceUntil = overview?.graceUntil;

  // Grace: one line, the date once the overview is in.
  const title =
    status === "grace"
      ? graceUntil
        ? t("banner.grace", { date: formatUntil(graceUntil) })
        : t("banner.graceTitle")
      : subscribed
        ? t("banner.expiredTitle")
        : t("banner.expiredTrialTitle");
  const body =
    status === "grace" ? null : charge ? t("banner.expiredUnpaidBody") : t("banner.expiredBody");

  return (
    <Alert variant="destructive" data-testid="plan-banner">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-3">
        {body ? <p>{body}</p> : null}
        <div className="flex flex-wrap gap-2">
          {charge && overview ? (
            <PayActions invoice={charge} provider={overview.provider} primary />
          ) : null}
          {charge ? null : (
            <Button asChild size="sm">
              <Link to="/plano">
                {status === "grace" ? t("banner.payNow") : t("banner.subscribe")}
              </Link>
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
