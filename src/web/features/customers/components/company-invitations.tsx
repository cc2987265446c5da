import type { CompanyInvitation } from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
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
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { companyInvitationsQueryOptions, useCancelInvitation, useResendInvitation } from "../api";

const STATUS_STYLE: Record<CompanyInvitation["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  scheduled: "bg-muted text-muted-foreground",
  expired: "bg-muted text-muted-foreground",
  declined: "bg-muted text-muted-foreground",
};

/**
 * /clientes 'Convites pendentes': the people invited through 'Novo Cliente' who have not accepted
 * yet, with only what the company typed (nothing of their account until they accept). One still
 * waiting (pending or expired) can be resent or cancelled.
 */
export function CompanyInvitations() {
  const { t } = useTranslation("customers");
  const invitations = useQuery(companyInvitationsQueryOptions());
  const items = invitations.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="company-invitations-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="company-invitations-title">{t("invitations.title")}</h2>
        </CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={t("invitations.title")}>
          {items.map((i) => (
            <li
              key={i.id}
              aria-label={i.name}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium">{i.name}</p>
                <p className="break-all text-muted-foreground text-xs">
                  {[i.email, i.phone].filter(Boolean).join(" · ")}
                </p>
                <p className="text-muted-foreground text-xs">
                  {[
                    [i.city, i.state].filter(Boolean).join("/"),
                    t("invitations.sent", {
                      date: formatDate(i.createdAt),
                    }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 font-medium text-xs",
                  STATUS_STYLE[i.status],
                )}
              >
                {t(`invitations.status.${i.status}`)}
              </span>
              {i.status === "declined" ? null : <InvitationActions invitation={i} />}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** 'Reenviar' and 'Cancelar' (asked first: the link already sent stops working). */
function InvitationActions({ invitation }: { invitation: CompanyInvitation }) {
  const { t } = useTranslation("customers");
  const [confirming, setConfirming] = useState(false);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const busy = resend.isPending || cancel.isPending;
  const onResend = () =>
    resend.mutateAsync(invitation.id).then(
      () => toast.success(t("invitations.resent", { email: invitation.email })),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  // Closed first: the cancelled invitation leaves the list with this dialog.
  const onCancel = () => {
    setConfirming(false);
    return cancel.mutateAsync(invitation.id).then(
      () => toast.success(t("invitations.cancelled")),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  };
  return (
    <div className="flex w-full flex-wrap gap-2">
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onResend}>
        {t("invitations.resend")}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogTrigger asChild>
          <Button type="button" size="sm" variant="ghost" disabled={busy}>
            {t("invitations.cancel")}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>
            {t("invitations.cancelTitle", { name: invitation.name })}
          </AlertDialogTitle>
          <AlertDialogDescription>{t("invitations.cancelBody")}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline">
                {t("invitations.cancelBack")}
              </Button>
            </AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={onCancel} disabled={busy}>
              {t("invitations.cancelConfirm")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
