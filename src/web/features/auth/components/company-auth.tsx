import type { Me } from "@shared/auth.schema";
import { authCounterpartOf, signUpPathOf } from "@shared/auth-paths";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { homePathFor } from "../paths";
import { AuthCard } from "./auth-card";
import { CompanySignUpForm } from "./company-sign-up-form";
import { SignInForm } from "./sign-in-form";
import { SignUpSuccess } from "./sign-up-success";

/**
 * /login-admin (sign-in) and /cadastro-empresa (sign-up), with their English variants: the link
 * under each form goes to the other's address, so a reload or Back keeps the form; after a
 * sign-up, the screen that says to confirm the e-mail.
 */
export function CompanyAuth() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const other = authCounterpartOf(pathname) ?? "/login-admin";

  const onSignedIn = (me: Me) => navigate(homePathFor(me), { replace: true });

  if (signedUp !== null) {
    return (
      <SignUpSuccess
        email={signedUp}
        onBack={() => {
          setSignedUp(null);
          navigate(other);
        }}
      />
    );
  }
  if (signUpPathOf(pathname)) {
    return (
      <AuthCard
        title={t("company.signUpTitle")}
        description={t("company.signUpDescription")}
        switchLabel={t("company.toSignIn")}
        onSwitch={() => navigate(other)}
      >
        <CompanySignUpForm onSignedUp={setSignedUp} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("company.signInTitle")}
      description={t("company.signInDescription")}
      switchLabel={t("company.toSignUp")}
      onSwitch={() => navigate(other)}
    >
      <SignInForm onSignedIn={onSignedIn} account="admin" />
    </AuthCard>
  );
}
