import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { type SignIn, SignInSchema } from "@/shared/auth.schema";
import type { Me } from "@/shared/me.schema";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { isTwoFactorChallenge, useResendConfirmation, useSignIn } from "../api";
import { EmailField, FormErrorAlert, PasswordField } from "./account-fields";
import { TwoFactorChallengeForm } from "./two-factor-challenge-form";

/**
 * E-mail and password sign-in, for companies and customers alike. An account with two-factor
 * authentication is then asked for the code of its authenticator app (or a backup code).
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation("auth");
  const form = useForm<z.input<typeof SignInSchema>, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: "", password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [challenge, setChallenge] = useState(false);
  /** Why the code step ended without a session (it expired): shown back on the password step. */
  const [challengeError, setChallengeError] = useState<unknown>(null);

  const onSubmit = form.handleSubmit((values) => {
    setChallengeError(null);
    signIn.mutate(values, {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) setChallenge(true);
        else onSignedIn(result);
      },
      onError: (error) => applyServerFieldErrors(form, error),
    });
  });

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

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {signIn.isError ? (
        <FormErrorAlert>
          <p>{errorMessage(signIn.error, "network")}</p>
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
      <PasswordField field={password} isNew={false} />
      <Button type="submit" size="lg" disabled={signIn.isPending} aria-busy={signIn.isPending}>
        {signIn.isPending ? <Spinner /> : null}
        {t("submit.signIn")}
      </Button>
    </form>
  );
}
