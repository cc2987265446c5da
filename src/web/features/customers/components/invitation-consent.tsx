import type { Invitation } from "@shared/customers.schema";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { useAnswerInvitation, useDeclineInvitation } from "../api";

/** Who invites, to which e-mail, and what accepting means (the /convite page's head). */
export function InvitationIntro({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation("customers");
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        {t("invitation.presented", { company: invitation.companyName })}
      </p>
      <p className="break-all text-muted-foreground text-sm">
        {t("invitation.sentTo", { email: invitation.email })}
      </p>
      <p className="text-muted-foreground text-sm">{t("invitation.consentText")}</p>
    </div>
  );
}

/** 'Aceitar' / 'Recusar' for the signed-in customer the invitation is addressed to. */
export function InvitationAnswerButtons({
  invitationId,
  onAnswered,
}: {
  invitationId: string;
  onAnswered: (accepted: boolean) => void;
}) {
  const { t } = useTranslation("customers");
  const answer = useAnswerInvitation();
  const send = (accept: boolean) =>
    answer.mutateAsync({ id: invitationId, accept }).then(
      (result) => onAnswered(result.accepted),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" disabled={answer.isPending} onClick={() => send(true)}>
        {t("invitation.accept")}
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={answer.isPending}
        onClick={() => send(false)}
      >
        {t("invitation.decline")}
      </Button>
    </div>
  );
}

/** 'Recusar' by the link, without an account or a session. */
export function DeclineInvitationButton({
  token,
  onDeclined,
}: {
  token: string;
  onDeclined: () => void;
}) {
  const { t } = useTranslation("customers");
  const decline = useDeclineInvitation();
  return (
    <Button
      type="button"
      variant="outline"
      disabled={decline.isPending}
      onClick={() =>
        decline.mutate(token, {
          onSuccess: onDeclined,
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {t("invitation.decline")}
    </Button>
  );
}
