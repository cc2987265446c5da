import type { Me } from "@shared/auth.schema";
import { authCounterpartOf, signUpPathOf } from "@shared/auth-paths";
import { STAY_ON_SIGN_IN_PARAM } from "@shared/company-landing";
import { resolveSignUpOrigin, type SignUpOriginParams } from "@shared/origin";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { joinThroughLink, partnershipOf } from "../api";
import { homePathFor } from "../paths";
import { AuthCard } from "./auth-card";
import { CustomerSignUpForm } from "./customer-sign-up-form";
import { SignInForm } from "./sign-in-form";
import { SignUpSuccess } from "./sign-up-success";

/**
 * Sent with the way to /login-cliente from its sign-up page: stay on the sign-in form even when
 * the address carries a company's link (which otherwise opens on the sign-up).
 */
export type SignInState = { signIn: true };

type CustomerAuthProps = {
  /** The sign-up link's parameters, sent with the sign-up. */
  origin?: SignUpOriginParams;
  /** The trade name of the company the link names, when found (the sign-up's consent box). */
  companyName?: string;
  /** The company's colours for the sign-up's button. */
  accent?: { background: string; foreground: string };
  /** Stamps the company gives on the birthday (the sign-up's birthday field says why). */
  birthdayStamps?: number | null;
};

/** The address's query with the 'stay on sign-in' mark set or taken away. */
function withSignInMark(search: string, on: boolean) {
  const params = new URLSearchParams(search);
  if (on) params.set(STAY_ON_SIGN_IN_PARAM, "1");
  else params.delete(STAY_ON_SIGN_IN_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * /login-cliente (sign-in) and /cadastro-cliente (sign-up), with their English variants: the link
 * under each form goes to the other's address, keeping the link's parameters (the sign-in with
 * `entrar=1`, so a reload or a shared address stays on the sign-in form).
 */
export function CustomerAuth({ origin, companyName, accent, birthdayStamps }: CustomerAuthProps) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const other = authCounterpartOf(pathname) ?? "/login-cliente";
  const toSignIn = () =>
    navigate(`${other}${withSignInMark(search, true)}`, {
      state: { signIn: true } satisfies SignInState,
    });

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

  if (signedUp !== null) {
    return (
      <SignUpSuccess
        email={signedUp}
        onBack={() => {
          setSignedUp(null);
          toSignIn();
        }}
      />
    );
  }
  if (signUpPathOf(pathname)) {
    return (
      <AuthCard
        title={t("customer.signUpTitle")}
        description={t("customer.signUpDescription")}
        switchLabel={t("customer.toSignIn")}
        onSwitch={toSignIn}
      >
        <CustomerSignUpForm
          origin={origin}
          companyName={companyName}
          accent={accent}
          birthdayStamps={birthdayStamps}
          onSignedUp={setSignedUp}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("customer.signInTitle")}
      description={t("customer.signInDescription")}
      switchLabel={t("customer.toSignUp")}
      onSwitch={() => navigate(`${other}${withSignInMark(search, false)}`)}
    >
      <SignInForm onSignedIn={onSignedIn} account="customer" />
    </AuthCard>
  );
}
