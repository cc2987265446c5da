import { zodResolver } from "@hookform/resolvers/zod";
import type { Me, Role } from "@shared/auth.schema";
import { type SignIn, SignInSchema } from "@shared/auth.schema";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { currentLocale } from "@/web/lib/i18n";
import { isTwoFactorChallenge, useResendConfirmation, useSignIn } from "../api";
import { useSignInHandoff } from "../handoff";
import { forgotPasswordPath } from "../paths";
import { EmailField, FormErrorAlert, PasswordField } from "./account-fields";
import { TwoFactorChallengeForm } from "./two-factor-challenge-form";

/** The spec's sign-in alert for a malformed e-mail or a too-short password (section 8), if any. */
function useSpecAlert() {
  const { t } = useTranslation("auth");
  return (emailKey: string | undefined, passwordKey: string | undefined): string | null => {
    if (emailKey === "email_invalid") return t("signInErrors.emailInvalid");
    if (passwordKey === "password_too_short") return t("signInErrors.passwordTooShort");
    return null;
  };
}

/**
 * E-mail and password sign-in, for companies and customers alike. An account with two-factor
 * authentication is then asked for the code of its authenticator app (or a backup code).
 * `account` (the page's role) picks the sign-in page 'Esqueci minha senha' returns to.
 */
export function SignInForm({
  onSignedIn,
  account = "customer",
}: {
  onSignedIn: (me: Me) => void;
  account?: Role;
}) {
  const { t } = useTranslation("auth");
  // From the sign-in entry: the password was right and the account asks for its code.
  const handoff = useSignInHandoff();
  const handedEmail = handoff?.view === "twoFactor" ? handoff.email : null;
  const form = useForm<z.input<typeof SignInSchema>, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: handedEmail ?? "", password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [challenge, setChallenge] = useState(handedEmail !== null);
  /** Why the code step ended without a session (it expired): shown back on the password step. */
  const [challengeError, setChallengeError] = useState<unknown>(null);
  /** The alert for what the form itself refused (malformed e-mail, short password). */
  const [invalidAlert, setInvalidAlert] = useState<string | null>(null);
  const specAlert = useSpecAlert();

  const onSubmit = form.handleSubmit(
    (values) => {
      setChallengeError(null);
      setInvalidAlert(null);
      signIn.mutate(values, {
        onSuccess: (result) => {
          if (isTwoFactorChallenge(result)) setChallenge(true);
          else onSignedIn(result);
        },
        onError: (error) => applyServerFieldErrors(form, error),
      });
    },
    (errors) => {
      signIn.reset();
      setChallengeError(null);
      setInvalidAlert(specAlert(errors.email?.message, errors.password?.message));
    },
  );

  if (challenge) {
    return (
      <TwoFactorChallengeForm
        onSignedIn={onSignedIn}
        onCancel={(error) => {
          setChallenge(false);
          setChallengeError(error ?? null);
          signIn.reset();
          form.setValue("password", "");
        }}
      />
    );
  }

  const notConfirmed =
    signIn.error instanceof ApiError && signIn.error.code === "email_not_confirmed";

  const resendConfirmation = () => {
    const email = signIn.variables?.email;
    if (!email) return;
    resend.mutate(
      { email },
      {
        onSuccess: () => toast.success(t("resend.sent")),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const email = field("email");
  const password = field("password");
  const serverAlert =
    signIn.error instanceof ApiError && signIn.error.code === "validation_failed"
      ? specAlert(signIn.error.fields.email, signIn.error.fields.password)
      : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {invalidAlert ? (
        <FormErrorAlert>
          <p>{invalidAlert}</p>
        </FormErrorAlert>
      ) : signIn.isError ? (
        <FormErrorAlert>
          <p>{serverAlert ?? errorMessage(signIn.error, "network")}</p>
          {notConfirmed ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-1 text-foreground"
              onClick={resendConfirmation}
              disabled={resend.isPending}
            >
              {resend.isPending ? <Spinner /> : null}
              {t("resend.button")}
            </Button>
          ) : null}
        </FormErrorAlert>
      ) : challengeError ? (
        <FormErrorAlert>
          <p>{errorMessage(challengeError, "network")}</p>
        </FormErrorAlert>
      ) : null}

      <EmailField field={email} />
      <div className="grid gap-1">
        <PasswordField field={password} isNew={false} />
        <Button asChild variant="link" size="sm" className="h-auto justify-self-end px-0 py-1">
          <Link to={forgotPasswordPath(account, currentLocale())}>{t("forgotPassword.link")}</Link>
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending} aria-busy={signIn.isPending}>
        {signIn.isPending ? <Spinner /> : null}
        {t("submit.signIn")}
      </Button>
    </form>
  );
}
