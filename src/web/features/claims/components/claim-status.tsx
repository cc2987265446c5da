import type { Claim } from "@shared/claims.schema";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/web/lib/format";

/** One claim as its customer sees it: what, when, and the company's answer. */
export function ClaimStatus({ claim }: { claim: Claim }) {
  const { t } = useTranslation("claims");
  return (
    <li className="flex flex-col gap-0.5 rounded-md border p-3 text-sm">
      <span className="font-medium">
        {t(`method.${claim.method}`)} · {t(`status.${claim.status}`)}
      </span>
      <span className="text-muted-foreground">{formatDateTime(claim.createdAt)}</span>
      {claim.status === "rejected" && claim.rejectionReason ? (
        <span>{t("rejectedBecause", { reason: claim.rejectionReason })}</span>
      ) : null}
    </li>
  );
}
