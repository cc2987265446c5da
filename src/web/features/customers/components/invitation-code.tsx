import { InvitationCodeSchema } from "@shared/customer-imports";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { invitationCodeQueryOptions, useAnswerInvitationCode } from "../api";
import { PENDING_CODE_KEY } from "../pending-code";

/** "abcd efgh" → "ABCD-EFGH" (as printed), or null when it cannot be a code. */
export function formatInvitationCode(typed: string): string | null {
  const parsed = InvitationCodeSchema.safeParse(typed);
  return parsed.success ? `${parsed.data.slice(0, 4)}-${parsed.data.slice(4)}` : null;
}

/** /convite without a link: the field to type the short code printed or sent by WhatsApp. */
export function InvitationCodeForm({
  initial,
  onCode,
}: {
  initial: string;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation("customers");
  const [typed, setTyped] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = formatInvitationCode(typed);
    setInvalid(code === null);
    if (code) onCode(code);
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <p className="text-sm">{t("invitationCode.intro")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="invitation-code">{t("invitationCode.label")}</Label>
        <Input
          id="invitation-code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="ABCD-EFGH"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          aria-invalid={invalid}
          aria-describedby={invalid ? "invitation-code-error" : undefined}
          className="font-mono uppercase tracking-widest"
        />
        {invalid ? (
          <p id="invitation-code-error" role="alert" className="text-destructive text-sm">
            {t("invitationCode.invalidFormat")}
          </p>
        ) : null}
      </div>
      <Button type="submit">{t("invitationCode.submit")}</Button>
    </form>
  );
}

/**
 * /convite?codigo=…: who invites and the stamps waiting; a signed-in customer accepts or
 * declines; anyone else signs in here, or creates an account and comes back to this link.
 */
export function InvitationCodeAnswer({
  code,
  signedInCustomer,
  signIn,
  onAnswered,
  onOtherCode,
}: {
  code: string;
  signedInCustomer: boolean;
  signIn: React.ReactNode;
  onAnswered: (accepted: boolean) => void;
  onOtherCode: () => void;
}) {
  const { t } = useTranslation("customers");
  const info = useQuery(invitationCodeQueryOptions(code));
  const answer = useAnswerInvitationCode();
  if (info.isPending) return <Spinner />;
  if (info.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(info.error)}
        </p>
        <Button type="button" variant="outline" onClick={onOtherCode}>
          {t("invitationCode.other")}
        </Button>
      </div>
    );
  }
  const send = (accept: boolean) =>
    answer.mutateAsync({ code, accept }).then(
      (result) => {
        localStorage.removeItem(PENDING_CODE_KEY);
        onAnswered(result.accepted);
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p className="font-medium">
          {t("invitationCode.invited", { company: info.data.companyName })}
        </p>
        {info.data.stamps > 0 ? (
          <p className="font-medium text-primary">
            {t("invitationCode.stamps", { count: info.data.stamps })}
          </p>
        ) : null}
        <p className="text-muted-foreground text-sm">{t("invitationCode.consent")}</p>
      </div>
      {signedInCustomer ? (
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
      ) : (
        <div className="grid gap-4">
          <p className="text-sm">{t("invitationCode.signInFirst")}</p>
          {signIn}
          <div className="grid gap-2 border-t pt-4">
            <p className="text-sm">{t("invitationCode.noAccount", { code })}</p>
            <Button asChild variant="outline">
              <Link
                to="/cadastro-cliente"
                onClick={() => localStorage.setItem(PENDING_CODE_KEY, code)}
              >
                {t("invitationCode.signUp")}
              </Link>
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={answer.isPending}
              onClick={() => send(false)}
            >
              {t("invitation.decline")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
