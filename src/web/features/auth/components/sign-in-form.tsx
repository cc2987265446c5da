import type { Me, Role } from "@shared/auth.schema";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useResendConfirmation, useSignIn } from "../api";
import { useSignInHandoff } from "../handoff";
import { SignInFormCore, type SignInLink } from "./sign-in-form-core";
import { TwoFactorChallengeForm } from "./two-factor-challenge-form";

/** 'Esqueci minha senha' through the app's router. */
const RouterLink: SignInLink = ({ href, ...props }) => <Link to={href} {...props} />;

type Step = { name: "password"; email: string; error: unknown } | { name: "code"; email: string };

/**
 * E-mail and password sign-in in the app, for companies and customers alike: the one sign-in form
 * (`SignInFormCore`, decision 026) with the app's queries, toasts and router. An account with
 * two-factor authentication is then asked for the code of its authenticator app (or a backup
 * code); 'Voltar ao login' comes back with the e-mail typed. `account` (the page's role) picks the
 * sign-in page 'Esqueci minha senha' returns to.
 */
export function SignInForm({
  onSignedIn,
  account = "customer",
}: {
  onSignedIn: (me: Me) => void;
  account?: Role;
}) {
  // From the sign-in entry: the password was right and the account asks for its code.
  const handoff = useSignInHandoff();
  const [step, setStep] = useState<Step>(() =>
    handoff?.view === "twoFactor"
      ? { name: "code", email: handoff.email }
      : { name: "password", email: "", error: null },
  );
  const signIn = useSignIn();
  const resend = useResendConfirmation();

  if (step.name === "code") {
    return (
      <TwoFactorChallengeForm
        onSignedIn={onSignedIn}
        onCancel={(error) => setStep({ name: "password", email: step.email, error: error ?? null })}
      />
    );
  }
  return (
    <SignInFormCore
      account={account}
      signIn={signIn.mutateAsync}
      resendConfirmation={(email) => resend.mutateAsync({ email })}
      notify={(kind, text) => toast[kind](text)}
      onSignedIn={onSignedIn}
      onTwoFactor={(email) => setStep({ name: "code", email })}
      defaultEmail={step.email}
      initialError={step.error}
      link={RouterLink}
    />
  );
}
