import type { StaffInvitationAccepted } from "@shared/team.schema";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { useAcceptStaffInvitation } from "../api";

/**
 * 'Aceitar convite', signed in as the invited e-mail. A refusal (a customer's account, an account
 * already in a team, a link no longer valid) is said in words.
 */
export function AcceptStaffInvitation({
  token,
  onJoined,
}: {
  token: string;
  onJoined: (accepted: StaffInvitationAccepted) => void;
}) {
  const { t } = useTranslation("team");
  const accept = useAcceptStaffInvitation();
  return (
    <div className="grid gap-3">
      {accept.isError ? (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errorMessage(accept.error)}
        </p>
      ) : null}
      <Button
        type="button"
        size="lg"
        disabled={accept.isPending}
        onClick={() => accept.mutate(token, { onSuccess: onJoined })}
      >
        {t("invitation.accept")}
      </Button>
    </div>
  );
}
