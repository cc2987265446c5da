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
import {
  companyInvitationsQueryOptions,
  customerImportsQueryOptions,
  useCancelInvitation,
  useResendInvitation,
} from "../api";

const STATUS_STYLE: Record<CompanyInvitation["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  scheduled: "bg-muted text-muted-foreground",
  expired: "bg-muted text-muted-foreground",
  declined: "bg-muted text-muted-foreground",
};

/** The API lists the newest 50 invitations. */
const INVITATIONS_LISTED = 50;
/** Shown before 'Mostrar todos'. */
const INVITATIONS_FIRST = 5;

/**
 * /clientes 'Convites pendentes': the people invited through 'Novo Cliente' or an import who have
 * not accepted yet, with only what the company gave (nothing of their account until they accept).
 * An imported one shows its batch, the paper card's stamps waiting and, for a phone-only row, its
 * short code. One still waiting (pending or expired) can be resent (when it has an e-mail) or
 * cancelled.
 */
export function CompanyInvitations() {
  const { t } = useTranslation("customers");
  const invitations = useQuery(companyInvitationsQueryOptions());
  // The imports' dates tell their batches apart (the same query as 'Importações').
  const imports = useQuery(customerImportsQueryOptions());
  // An import invites many at once: the first few, the rest on request.
  const [showAll, setShowAll] = useState(false);
  const items = invitations.data ?? [];
  if (items.length === 0) return null;
  const shown = showAll ? items : items.slice(0, INVITATIONS_FIRST);
  const importDate = (i: CompanyInvitation) =>
    imports.data?.find((batch) => batch.id === i.importId)?.createdAt ?? i.createdAt;
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
          {shown.map((i) => (
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
                    i.importId ? t("invitations.batch", { date: formatDate(importDate(i)) }) : null,
                    // A scheduled e-mail, or a code to hand over, was not sent yet.
                    i.email && i.status !== "scheduled"
                      ? t("invitations.sent", { date: formatDate(i.createdAt) })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {i.stamps > 0 || i.code ? (
                  <p className="text-xs">
                    {[
                      i.stamps > 0 ? t("invitations.stampsWaiting", { count: i.stamps }) : null,
                      i.code ? t("invitations.code", { code: i.code }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                ) : null}
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
        {items.length > INVITATIONS_FIRST ? (
          <Button
            type="button"
            variant="link"
            className="mt-2 h-auto p-0"
            aria-expanded={showAll}
            onClick={() => setShowAll((on) => !on)}
          >
            {showAll
              ? t("invitations.showFewer")
              : t("invitations.showAll", { count: items.length })}
          </Button>
        ) : null}
        {showAll && items.length >= INVITATIONS_LISTED ? (
          <p className="mt-2 text-muted-foreground text-xs">{t("invitations.recent")}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** 'Reenviar' and 'Cancelar' (asked first: the link or code already given stops working). */
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
  // A code is handed over, not e-mailed; a scheduled e-mail goes out by itself.
  const canResend = invitation.email !== null && invitation.status !== "scheduled";
  return (
    <div className="flex w-full flex-wrap gap-2">
      {canResend ? (
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onResend}>
          {t("invitations.resend")}
        </Button>
      ) : null}
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
