import type { Claim } from "@shared/claims.schema";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { lazyWithTexts } from "@/web/lib/lazy-with-texts";
import { pendingClaimsQueryOptions, receiptUrl, useApproveClaim, useRejectClaim } from "../api";

/** The reason's form (react-hook-form and the claim's schema): fetched on 'Rejeitar' (decision 042). */
const RejectClaimForm = lazyWithTexts(
  () => import("./reject-claim-form").then((m) => m.RejectClaimForm),
  ["claims", "validation"],
);

/** The dashboard's list of stamp claims waiting for the company: open, approve or reject. */
export function PendingClaimsCard() {
  const { t } = useTranslation("claims");
  const claims = useQuery(pendingClaimsQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("pending.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {claims.data && claims.data.length > 0 ? (
          <ul className="grid gap-3" aria-label={t("pending.title")}>
            {claims.data.map((claim) => (
              <PendingClaim key={claim.id} claim={claim} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">{t("pending.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}

function PendingClaim({ claim }: { claim: Claim }) {
  const { t } = useTranslation("claims");
  const approve = useApproveClaim();
  const reject = useRejectClaim();
  const [rejecting, setRejecting] = useState(false);
  // Once opened, the form stays mounted (hidden when closed): a reason typed is kept.
  const [formShown, setFormShown] = useState(false);

  const onReject = (reason: string) => {
    reject.mutateAsync({ claimId: claim.id, reason }).then(
      () => toast.success(t("pending.rejected")),
      (e) => toast.error(t("pending.error"), { description: errorMessage(e) }),
    );
  };

  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{claim.customerName}</span>
        <span className="text-muted-foreground text-xs">{formatDateTime(claim.createdAt)}</span>
      </div>
      <span>
        {t(`method.${claim.method}`)}
        {claim.network ? ` · ${t(`networks.${claim.network as "instagram"}`)}` : null}
      </span>
      {claim.link ? (
        <a
          href={claim.link}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all text-primary underline"
        >
          {claim.link}
        </a>
      ) : null}
      {claim.hasReceipt ? (
        <a
          href={receiptUrl(claim.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary underline"
        >
          {t("pending.openReceipt")}
        </a>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={approve.isPending}
          onClick={() =>
            // mutateAsync: the row unmounts once the list refetches, the toast must still show
            approve.mutateAsync(claim.id).then(
              () => toast.success(t("pending.approved")),
              (e) => toast.error(t("pending.error"), { description: errorMessage(e) }),
            )
          }
        >
          {t("pending.approve")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setRejecting((v) => !v);
            setFormShown(true);
          }}
        >
          {t("pending.reject")}
        </Button>
      </div>
      {formShown ? (
        <Suspense fallback={null}>
          <RejectClaimForm hidden={!rejecting} pending={reject.isPending} onReject={onReject} />
        </Suspense>
      ) : null}
    </li>
  );
}
