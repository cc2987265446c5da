import type { StaffInvitation } from "@shared/team.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { useCancelStaffInvitation, useResendStaffInvitation } from "../api";

/** 'Convites pendentes': invitations not accepted yet, with 'Reenviar' and 'Cancelar'. */
export function StaffInvitations({ invitations }: { invitations: StaffInvitation[] }) {
  const { t } = useTranslation("team");
  if (invitations.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="staff-invitations-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="staff-invitations-title">{t("invitations.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label={t("invitations.title")}>
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              aria-label={invitation.email}
              className="grid gap-3 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="break-all font-medium">{invitation.email}</p>
                <p className="text-muted-foreground text-xs">
                  {[
                    t(`roles.${invitation.role}`),
                    t("invitations.sent", { date: formatDate(invitation.createdAt) }),
                    invitation.expired
                      ? t("invitations.expired")
                      : t("invitations.expires", { date: formatDate(invitation.expiresAt) }),
                  ].join(" · ")}
                </p>
              </div>
              <InvitationActions invitation={invitation} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationActions({ invitation }: { invitation: StaffInvitation }) {
  const { t } = useTranslation("team");
  const [confirming, setConfirming] = useState(false);
  const resend = useResendStaffInvitation();
  const cancel = useCancelStaffInvitation();
  const busy = resend.isPending || cancel.isPending;
  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast.success(t("invitations.resent", { email: invitation.email })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const onCancel = () => {
    setConfirming(false);
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success(t("invitations.canceled")),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="lg" disabled={busy} onClick={onResend}>
        {t("invitations.resend")}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="ghost" size="lg" disabled={busy}>
            {t("invitations.cancel")}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>
            {t("invitations.cancelTitle", { email: invitation.email })}
          </AlertDialogTitle>
          <AlertDialogDescription>{t("invitations.cancelBody")}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline">
                {t("invitations.back")}
              </Button>
            </AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={onCancel}>
              {t("invitations.cancelConfirm")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
