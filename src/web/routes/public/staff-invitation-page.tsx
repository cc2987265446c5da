import type { Me } from "@shared/auth.schema";
import type { StaffInvitationAccepted, StaffInvitationDetails } from "@shared/team.schema";
import { memberHome } from "@shared/team-permissions";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { meQueryOptions, useSignOut } from "@/web/features/auth/api";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { staffInvitationQueryOptions } from "@/web/features/team/api";
import { AcceptStaffInvitation } from "@/web/features/team/components/accept-staff-invitation";
import { StaffInvitationIntro } from "@/web/features/team/components/staff-invitation-intro";
import { StaffSignUpForm } from "@/web/features/team/components/staff-sign-up-form";
import { errorMessage } from "@/web/lib/error-message";
import { useDocumentTitle } from "@/web/lib/use-document-title";

/**
 * /equipe/convite?token=…: an invitation to a company's team. The company and the role; without an
 * account, a name and a password (the account is made, the person signed in and taken to their
 * home: /balcao for an Atendente, else /dashboard); with one, 'Entrar para aceitar' (the sign-in
 * form, here on the page) and then 'Aceitar convite' as that e-mail. A customer's e-mail, another
 * signed-in account or a link no longer valid get their own message.
 */
export function StaffInvitationPage() {
  const { t } = useTranslation("team");
  useDocumentTitle(t("invitation.title"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const invitation = useQuery(staffInvitationQueryOptions(token));
  const invalid = token.length < 20 || invitation.isError;

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="font-bold text-2xl">{t("invitation.title")}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {invalid ? (
              <div className="grid gap-4">
                <p role="alert" className="text-destructive">
                  {errorMessage(invitation.error, "staff_invitation_invalid")}
                </p>
                <Button asChild variant="outline" size="lg">
                  <Link to="/login-admin">{t("invitation.toLogin")}</Link>
                </Button>
              </div>
            ) : invitation.isPending ? (
              <Spinner />
            ) : (
              <div className="grid gap-5">
                <StaffInvitationIntro invitation={invitation.data} />
                <Answer token={token} invitation={invitation.data} />
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}

function Answer({ token, invitation }: { token: string; invitation: StaffInvitationDetails }) {
  const { t } = useTranslation("team");
  const me = useQuery(meQueryOptions());
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  // `me` is refetched with the new membership before this runs (src/web/invalidations.ts).
  const onJoined = (accepted: StaffInvitationAccepted) =>
    navigate(memberHome(accepted.role), { replace: true });

  if (me.isPending) return <Spinner />;
  if (me.data)
    return <SignedIn me={me.data} token={token} invitation={invitation} onJoined={onJoined} />;
  if (invitation.account === "customer") {
    return (
      <p role="alert" className="text-sm">
        {errorMessage(null, "staff_email_is_customer")}
      </p>
    );
  }
  if (invitation.account === "none") return <StaffSignUpForm token={token} onJoined={onJoined} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm">{t("invitation.hasAccount")}</p>
      {signingIn ? (
        // The session lands in ["me"]: the page then offers 'Aceitar convite'.
        <SignInForm account="admin" onSignedIn={() => undefined} />
      ) : (
        <Button type="button" size="lg" onClick={() => setSigningIn(true)}>
          {t("invitation.signIn")}
        </Button>
      )}
    </div>
  );
}

function SignedIn({
  me,
  token,
  invitation,
  onJoined,
}: {
  me: Me;
  token: string;
  invitation: StaffInvitationDetails;
  onJoined: (accepted: StaffInvitationAccepted) => void;
}) {
  const { t } = useTranslation("team");
  // Signed out, the page comes back here (a full reload) to sign in as the invitation's e-mail.
  const signOut = useSignOut(`${window.location.pathname}${window.location.search}`);
  const sameEmail = me.user.email.toLowerCase() === invitation.email.toLowerCase();
  const signOutButton = (
    <Button
      type="button"
      variant="outline"
      size="lg"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {t("invitation.signOut")}
    </Button>
  );
  if (!sameEmail) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm">
          {t("invitation.otherAccount", { email: invitation.email, current: me.user.email })}
        </p>
        {signOutButton}
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        {t("invitation.signedInAs", { email: me.user.email })}
      </p>
      <AcceptStaffInvitation token={token} onJoined={onJoined} />
    </div>
  );
}
