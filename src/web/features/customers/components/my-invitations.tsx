import type { MyInvitation } from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
import { MailOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/error-message";
import { Link } from "@/web/lib/nav";
import { myInvitationsQueryOptions, useAnswerInvitation } from "../api";
import { pendingInvitationCode } from "../pending-code";

/**
 * /dashboard-cliente: companies' invitations addressed to the customer's e-mail, each with
 * 'Aceitar' (membership and card) and 'Recusar', and an import's short code typed on /convite
 * before the account existed (kept in this browser), back to /convite to answer it. Nothing
 * shows without one.
 */
export function MyInvitations() {
  const { t } = useTranslation("customers");
  const invitations = useQuery(myInvitationsQueryOptions());
  const items = invitations.data ?? [];
  const code = pendingInvitationCode();
  if (items.length === 0 && !code) return null;
  return (
    <Card role="region" aria-labelledby="my-invitations-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="my-invitations-title" className="flex items-center gap-2">
            <MailOpen aria-hidden="true" className="size-5" />
            {t("mine.title")}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {code ? (
            <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
              <p className="min-w-0 flex-1 basis-56 text-sm">{t("mine.code", { code })}</p>
              <Button asChild size="sm">
                <Link to={`/convite?codigo=${encodeURIComponent(code)}`}>{t("mine.openCode")}</Link>
              </Button>
            </li>
          ) : null}
          {items.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationItem({ invitation }: { invitation: MyInvitation }) {
  const { t } = useTranslation("customers");
  const answer = useAnswerInvitation();
  // The promise, not mutate's callbacks: the answered invitation leaves the list (and this item
  // unmounts) before those would run.
  const send = (accept: boolean) =>
    answer.mutateAsync({ id: invitation.id, accept }).then(
      (result) =>
        toast.success(
          t(result.accepted ? "mine.accepted" : "mine.declined", { company: result.companyName }),
        ),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  return (
    <li
      aria-label={invitation.companyName}
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
    >
      <p className="min-w-0 flex-1 basis-56 text-sm">
        {t("mine.text", { company: invitation.companyName })}
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={answer.isPending} onClick={() => send(true)}>
          {t("mine.accept")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => send(false)}
        >
          {t("mine.decline")}
        </Button>
      </div>
    </li>
  );
}
