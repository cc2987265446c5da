import type { Role } from "@shared/auth.schema";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { PublicLayout } from "@/web/components/public-layout";
import { AuthCard } from "@/web/features/auth/components/auth-card";
import {
  ConfirmationNotice,
  PasswordResetNotice,
} from "@/web/features/auth/components/confirmation-notice";
import type { SignInHandoff } from "@/web/features/auth/handoff";
import { PASSWORD_RESET_PARAM } from "@/web/features/auth/paths";
import { readConfirmationResult } from "@/web/lib/confirmation";
import { useVisitor } from "./session";
import { SignInForm } from "./sign-in-form";

/**
 * /login-admin or /login-cliente (and their `-en` variants) on their sign-in form, as the app's
 * CompanyLoginPage and CustomerLoginPage show it to a visitor without a session and without a
 * sign-up link's parameters. Everything else on these pages (a session already open, the
 * sign-up form, the two-factor code) is the app's: `openApp` mounts it on this page.
 */
export function SignInPage({
  account,
  openApp,
}: {
  account: Role;
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
          onSwitch={() => openApp({ view: "signUp" })}
        >
          <SignInForm
            account={account}
            onTwoFactor={(email) => openApp({ view: "twoFactor", email })}
          />
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
