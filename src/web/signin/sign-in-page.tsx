import type { Me, Role, SignIn } from "@shared/auth.schema";
import type { TwoFactorChallenge } from "@shared/security.schema";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { PublicLayout } from "@/web/components/public-layout";
import { AuthCard } from "@/web/features/auth/components/auth-card";
import {
  ConfirmationNotice,
  PasswordResetNotice,
} from "@/web/features/auth/components/confirmation-notice";
import { SignInFormCore } from "@/web/features/auth/components/sign-in-form-core";
import type { SignInHandoff } from "@/web/features/auth/handoff";
import {
  homePathFor,
  PASSWORD_RESET_PARAM,
  RETURN_PARAM,
  returnPathOf,
} from "@/web/features/auth/paths";
import { api } from "@/web/lib/api-client";
import { readConfirmationResult } from "@/web/lib/confirmation";
import { useVisitor } from "./session";
import { showToast } from "./toasts";

/**
 * Sends the sign-in; an account with two-factor authentication answers a challenge instead
 * (as `useSignIn` in features/auth/api.ts). The schemas (zod) come with the first submit.
 */
async function signIn(input: SignIn): Promise<Me | TwoFactorChallenge> {
  const [{ MeSchema }, { TwoFactorChallengeSchema }] = await Promise.all([
    import("@shared/auth.schema"),
    import("@shared/security.schema"),
  ]);
  const answer = await api.post("/api/session", { body: input });
  const challenge = TwoFactorChallengeSchema.safeParse(answer);
  return challenge.success ? challenge.data : MeSchema.parse(answer);
}

const resendConfirmation = (email: string) =>
  api.post("/api/accounts/confirmation", { body: { email } });

/**
 * A session goes to its home page with a page load, replacing the sign-in page in the history; a
 * customer sent here from a page of theirs (`voltar`, e.g. /carimbar) goes back there.
 */
const goHome = (me: Me) => {
  const back = new URLSearchParams(window.location.search).get(RETURN_PARAM);
  const returnTo = me.profile.role === "customer" ? returnPathOf(back) : null;
  window.location.replace(returnTo ?? homePathFor(me));
};

/**
 * /login-admin or /login-cliente (and their `-en` variants) on their sign-in form, as the app's
 * CompanyLoginPage and CustomerLoginPage show it to a visitor without a session and without a
 * sign-up link's parameters. Everything else on these pages (a session already open, the
 * sign-up form, the two-factor code) is the app's: `openApp` mounts it on this page. The form is
 * the app's own (`SignInFormCore`, decision 026), with plain links, fetch and page loads.
 */
export function SignInPage({
  account,
  signUpPath,
  openApp,
}: {
  account: Role;
  /** The sign-up page's own address ('/cadastro-empresa'), where the link under the form goes. */
  signUpPath: string;
  openApp: (handoff: SignInHandoff | null) => void;
}) {
  const { t } = useTranslation("auth");
  const visitor = useVisitor();
  useEffect(() => {
    if (visitor === "signedIn") openApp(null);
  }, [visitor, openApp]);
  if (visitor !== "signedOut") return <FullPageSpinner />;

  const params = new URLSearchParams(window.location.search);
  const texts = account === "admin" ? "company" : "customer";
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
        <ConfirmationNotice result={readConfirmationResult(params)} />
        <PasswordResetNotice show={params.get(PASSWORD_RESET_PARAM) === "1"} />
        <AuthCard
          title={t(`${texts}.signInTitle`)}
          description={t(`${texts}.signInDescription`)}
          switchLabel={t(`${texts}.toSignUp`)}
          onSwitch={() => window.location.assign(`${signUpPath}${window.location.search}`)}
        >
          <SignInFormCore
            account={account}
            signIn={signIn}
            resendConfirmation={resendConfirmation}
            notify={showToast}
            onSignedIn={goHome}
            onTwoFactor={(email) => openApp({ view: "twoFactor", email })}
          />
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
