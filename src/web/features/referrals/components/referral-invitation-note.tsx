import type { MyReferral } from "@shared/referrals.schema";
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { myReferralQueryOptions } from "../api";

type Shown = Exclude<MyReferral["invitation"], "credited" | null | undefined>;

/**
 * On the member's card page, how their joining through a friend's link went when it gave nothing
 * (yet): blocked ('not_credited', said plainly, never why: the reason may be about the friend) or
 * held for the company's review. Nothing once credited: the welcome stamps are on the card.
 */
export function ReferralInvitationNote({ companyId }: { companyId: string }) {
  const { t } = useTranslation("referrals");
  const query = useQuery(myReferralQueryOptions(companyId));
  const invitation = query.data?.invitation;
  if (invitation !== "not_credited" && invitation !== "held") return null;
  const shown: Shown = invitation;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-muted-foreground text-sm"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(`invitation.${shown}`)}
    </p>
  );
}
