import type { Me } from "@shared/auth.schema";
import { resolveSignUpOrigin, type SignUpOriginParams } from "@shared/origin";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { joinThroughLink, partnershipOf } from "../api";
import { useSignInHandoff } from "../handoff";
import { homePathFor } from "../paths";
import { AuthCard } from "./auth-card";
import { CustomerSignUpForm } from "./customer-sign-up-form";
import { SignInForm } from "./sign-in-form";
import { SignUpSuccess } from "./sign-up-success";

type View = { name: "signIn" } | { name: "signUp" } | { name: "signedUp"; email: string };

type CustomerAuthProps = {
  initialView: "signIn" | "signUp";
  /** The sign-up link's parameters, sent with the sign-up. */
  origin?: SignUpOriginParams;
  /** The trade name of the company the link names, when found (the sign-up's consent box). */
  companyName?: string;
};

/** /login-cliente: customer sign-in and sign-up, toggled by the link under the form. */
export function CustomerAuth({ initialView, origin, companyName }: CustomerAuthProps) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const handoff = useSignInHandoff();
  const [view, setView] = useState<View>(() =>
    initialView === "signUp" || handoff?.view === "signUp"
      ? { name: "signUp" }
      : { name: "signIn" },
  );

  const onSignedIn = async (me: Me) => {
    if (me.profile.role === "customer") {
      const link = resolveSignUpOrigin(origin ?? {});
      await joinThroughLink(
        link.companyId,
        link.referrerCustomerId ?? link.affiliateId,
        partnershipOf(link),
      );
    }
    navigate(homePathFor(me), { replace: true });
  };

  if (view.name === "signedUp") {
    return <SignUpSuccess email={view.email} onBack={() => setView({ name: "signIn" })} />;
  }
  if (view.name === "signUp") {
    return (
      <AuthCard
        title={t("customer.signUpTitle")}
        description={t("customer.signUpDescription")}
        switchLabel={t("customer.toSignIn")}
        onSwitch={() => setView({ name: "signIn" })}
      >
        <CustomerSignUpForm
          origin={origin}
          companyName={companyName}
          onSignedUp={(email) => setView({ name: "signedUp", email })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("customer.signInTitle")}
      description={t("customer.signInDescription")}
      switchLabel={t("customer.toSignUp")}
      onSwitch={() => setView({ name: "signUp" })}
    >
      <SignInForm onSignedIn={onSignedIn} account="customer" />
    </AuthCard>
  );
}
