import type { Me } from "@shared/auth.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignInHandoff } from "../handoff";
import { homePathFor } from "../paths";
import { AuthCard } from "./auth-card";
import { CompanySignUpForm } from "./company-sign-up-form";
import { SignInForm } from "./sign-in-form";
import { SignUpSuccess } from "./sign-up-success";

type View = { name: "signIn" } | { name: "signUp" } | { name: "signedUp"; email: string };

/** /login-admin: company sign-in, sign-up, and the screen after sign-up. */
export function CompanyAuth() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const handoff = useSignInHandoff();
  const [view, setView] = useState<View>(() =>
    handoff?.view === "signUp" ? { name: "signUp" } : { name: "signIn" },
  );

  const onSignedIn = (me: Me) => navigate(homePathFor(me), { replace: true });

  if (view.name === "signedUp") {
    return <SignUpSuccess email={view.email} onBack={() => setView({ name: "signIn" })} />;
  }
  if (view.name === "signUp") {
    return (
      <AuthCard
        title={t("company.signUpTitle")}
        description={t("company.signUpDescription")}
        switchLabel={t("company.toSignIn")}
        onSwitch={() => setView({ name: "signIn" })}
      >
        <CompanySignUpForm onSignedUp={(email) => setView({ name: "signedUp", email })} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("company.signInTitle")}
      description={t("company.signInDescription")}
      switchLabel={t("company.toSignUp")}
      onSwitch={() => setView({ name: "signUp" })}
    >
      <SignInForm onSignedIn={onSignedIn} account="admin" />
    </AuthCard>
  );
}
