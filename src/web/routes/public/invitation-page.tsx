import type { Me } from "@shared/auth.schema";
import type { Invitation } from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import {
  isTwoFactorChallenge,
  meQueryOptions,
  useSignIn,
  useSignOut,
} from "@/web/features/auth/api";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { invitationQueryOptions } from "@/web/features/customers/api";
import { AcceptInvitationForm } from "@/web/features/customers/components/accept-invitation-form";
import {
  formatInvitationCode,
  InvitationCodeAnswer,
  InvitationCodeForm,
} from "@/web/features/customers/components/invitation-code";
import {
  DeclineInvitationButton,
  InvitationAnswerButtons,
  InvitationIntro,
} from "@/web/features/customers/components/invitation-consent";
import { InvitationSignUpForm } from "@/web/features/customers/components/invitation-sign-up-form";
import { PENDING_CODE_KEY } from "@/web/features/customers/pending-code";
import { useDocumentTitle } from "@/web/lib/use-document-title";

const CARDS_PATH = "/dashboard-cliente-cartoes-fidelidade";

/**
 * /convite?codigo=… (or /convite alone, to type it): an import's short code. The code typed before
 * creating an account is kept in this browser, so coming back to /convite finds it.
 */
function CodeInvitation({ code, onDeclined }: { code: string; onDeclined: () => void }) {
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const me = useQuery(meQueryOptions());
  const current = formatInvitationCode(code || (localStorage.getItem(PENDING_CODE_KEY) ?? ""));
  const [typing, setTyping] = useState(current === null);
  if (me.isPending) return <Spinner />;
  if (typing || !current) {
    return (
      <InvitationCodeForm
        initial={code}
        onCode={(typed) => {
          setParams({ codigo: typed }, { replace: true });
          setTyping(false);
        }}
      />
    );
  }
  return (
    <InvitationCodeAnswer
      code={current}
      signedInCustomer={me.data?.profile.role === "customer"}
      signIn={<SignInForm onSignedIn={() => undefined} />}
      onAnswered={(accepted) => (accepted ? navigate(CARDS_PATH, { replace: true }) : onDeclined())}
      onOtherCode={() => {
        localStorage.removeItem(PENDING_CODE_KEY);
        setTyping(true);
      }}
    />
  );
}

/**
 * /convite?token=…: a company's invitation ('Novo Cliente'). With an account, the person signs in
 * (as the invited e-mail) and accepts or declines; without one, they create it with their own data
 * and accept in the same step, or decline. A legacy invitation (the account was made before
 * consent) sets the password. Accepting lands on the cards.
 */
export function InvitationPage() {
  const { t } = useTranslation("customers");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const code = params.get("codigo")?.trim() ?? "";
  const invitation = useQuery(invitationQueryOptions(token));
  const legacy = invitation.data?.kind === "password";
  useDocumentTitle(t(legacy ? "invitation.title" : "invitation.consentTitle"));
  const [declined, setDeclined] = useState(false);

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="font-bold text-2xl">
                {t(legacy ? "invitation.title" : "invitation.consentTitle")}
              </h1>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {declined ? (
              <div className="grid gap-4">
                <p role="status">{t("invitation.declined")}</p>
                <Button asChild variant="outline">
                  <Link to="/">{t("invitation.toHome")}</Link>
                </Button>
              </div>
            ) : legacy ? (
              <LegacyInvitation token={token} />
            ) : !token ? (
              <CodeInvitation code={code} onDeclined={() => setDeclined(true)} />
            ) : invitation.isError ? (
              <div className="grid gap-4">
                <p role="alert" className="text-destructive">
                  {t("invitation.invalid")}
                </p>
                <Button asChild variant="outline">
                  <Link to="/login-cliente">{t("invitation.toLogin")}</Link>
                </Button>
              </div>
            ) : invitation.isPending ? (
              <Spinner />
            ) : (
              <ConsentInvitation
                token={token}
                invitation={invitation.data}
                onDeclined={() => setDeclined(true)}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}

/** Signs in with the new credentials and goes to the cards (or the login, if that fails). */
function useSignInToCards() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  return (credentials: { email: string; password: string }) =>
    signIn.mutate(credentials, {
      onSuccess: (result) =>
        navigate(isTwoFactorChallenge(result) ? "/login-cliente" : CARDS_PATH, { replace: true }),
      onError: () => navigate("/login-cliente", { replace: true }),
    });
}

function LegacyInvitation({ token }: { token: string }) {
  const signInToCards = useSignInToCards();
  return <AcceptInvitationForm token={token} onAccepted={signInToCards} />;
}

function ConsentInvitation({
  token,
  invitation,
  onDeclined,
}: {
  token: string;
  invitation: Invitation;
  onDeclined: () => void;
}) {
  const me = useQuery(meQueryOptions());
  const signInToCards = useSignInToCards();
  const navigate = useNavigate();
  if (me.isPending) return <Spinner />;
  return (
    <div className="grid gap-5">
      <InvitationIntro invitation={invitation} />
      {me.data ? (
        <SignedIn
          me={me.data}
          token={token}
          invitation={invitation}
          onAnswered={(accepted) =>
            accepted ? navigate(CARDS_PATH, { replace: true }) : onDeclined()
          }
        />
      ) : invitation.hasAccount ? (
        <SignInFirst />
      ) : (
        <>
          <InvitationSignUpForm token={token} invitation={invitation} onAccepted={signInToCards} />
          <DeclineInvitationButton token={token} onDeclined={onDeclined} />
        </>
      )}
    </div>
  );
}

function SignInFirst() {
  const { t } = useTranslation("customers");
  return (
    <div className="grid gap-3">
      <p className="font-medium text-sm">{t("invitation.signInFirst")}</p>
      {/* The session lands in ["me"]: the page then offers 'Aceitar' / 'Recusar'. */}
      <SignInForm onSignedIn={() => undefined} />
    </div>
  );
}

function SignedIn({
  me,
  token,
  invitation,
  onAnswered,
}: {
  me: Me;
  token: string;
  invitation: Invitation;
  onAnswered: (accepted: boolean) => void;
}) {
  const { t } = useTranslation("customers");
  const signOut = useSignOut();
  if (me.profile.role === "customer" && me.user.email === invitation.email) {
    return <InvitationAnswerButtons invitationId={invitation.id} onAnswered={onAnswered} />;
  }
  return (
    <div className="grid gap-3">
      <p role="alert" className="text-sm">
        {me.profile.role === "customer"
          ? t("invitation.otherAccount", { email: invitation.email, current: me.user.email })
          : t("invitation.notCustomer")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t("invitation.signOut")}
        </Button>
        <DeclineInvitationButton token={token} onDeclined={() => onAnswered(false)} />
      </div>
    </div>
  );
}
