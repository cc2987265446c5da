import type { Me, Role, SignIn } from "@shared/auth.schema";
import type { TwoFactorChallenge } from "@shared/security.schema";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import {
  EmailField,
  FormErrorAlert,
  PasswordField,
} from "@/web/features/auth/components/account-fields";
import { forgotPasswordPath, homePathFor } from "@/web/features/auth/paths";
import { ApiError, apiClient } from "@/web/lib/api-client";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { fieldAria } from "@/web/lib/form";
import { currentLocale, loadNamespaces } from "@/web/lib/i18n";
import { showToast } from "./toasts";

type Name = keyof SignIn;
const NAMES: Name[] = ["email", "password"];
type FieldErrors = Partial<Record<Name, string>>;
type Attempt =
  | { status: "idle" }
  | { status: "pending"; email: string }
  | { status: "error"; email: string; error: unknown };

/**
 * Sends the sign-in; an account with two-factor authentication answers a challenge instead
 * (as `useSignIn` in features/auth/api.ts). The schemas (zod) come with the first submit.
 */
async function signIn(input: SignIn): Promise<Me | TwoFactorChallenge> {
  const [{ MeSchema }, { TwoFactorChallengeSchema }] = await Promise.all([
    import("@shared/auth.schema"),
    import("@shared/security.schema"),
  ]);
  const answer = await apiClient.post<unknown>("/api/session", input);
  const challenge = TwoFactorChallengeSchema.safeParse(answer);
  return challenge.success ? challenge.data : MeSchema.parse(answer);
}

/**
 * The sign-in form of the sign-in entry (decision 018): what `SignInForm`
 * (features/auth/components/sign-in-form.tsx) shows and does, without react-hook-form, TanStack
 * Query or the router. The same shared schema checks it on submit (fetched then, with the texts
 * of its messages); the first wrong field gets the focus; editing a field clears its error. An
 * account with two-factor authentication goes on in the app (`onTwoFactor`); a session goes to
 * its home page with a page load.
 */
export function SignInForm({
  account,
  onTwoFactor,
}: {
  account: Role;
  onTwoFactor: (email: string) => void;
}) {
  const { t } = useTranslation("auth");
  const prefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalidAlert, setInvalidAlert] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt>({ status: "idle" });
  const [resending, setResending] = useState(false);

  const specAlert = (emailKey: string | undefined, passwordKey: string | undefined) => {
    if (emailKey === "email_invalid") return t("signInErrors.emailInvalid");
    if (passwordKey === "password_too_short") return t("signInErrors.passwordTooShort");
    return null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
    };
    const [{ SignInSchema }] = await Promise.all([
      import("@shared/auth.schema"),
      loadNamespaces(["errors", "validation"]),
    ]);
    const parsed = SignInSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as Name;
        if (NAMES.includes(name)) found[name] ??= issue.message;
      }
      setAttempt({ status: "idle" });
      setErrors(found);
      setInvalidAlert(specAlert(found.email, found.password));
      const first = NAMES.find((name) => found[name]);
      if (first) (form.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setInvalidAlert(null);
    const email = parsed.data.email;
    setAttempt({ status: "pending", email });
    try {
      const result = await signIn(parsed.data);
      if ("twoFactorRequired" in result) onTwoFactor(values.email);
      else window.location.replace(homePathFor(result.profile.role));
    } catch (error) {
      setAttempt({ status: "error", email, error });
      if (error instanceof ApiError && error.code === "validation_failed") {
        const server: FieldErrors = {};
        for (const [field, message] of Object.entries(error.fields)) {
          if (NAMES.includes(field as Name)) server[field as Name] = message;
        }
        setErrors(server);
      }
    }
  };

  const resendConfirmation = async () => {
    if (attempt.status !== "error") return;
    setResending(true);
    try {
      await apiClient.post<unknown>("/api/accounts/confirmation", { email: attempt.email });
      showToast("success", t("resend.sent"));
    } catch (error) {
      showToast("error", errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  const field = (name: Name) => {
    const id = `${prefix}${name}`;
    const error = validationMessage(errors[name]);
    return {
      id,
      error,
      control: {
        ...fieldAria(id, { error }),
        name,
        onChange: () => setErrors(({ [name]: _cleared, ...rest }) => rest),
      },
    };
  };

  const pending = attempt.status === "pending";
  const failure = attempt.status === "error" ? attempt.error : null;
  const notConfirmed = failure instanceof ApiError && failure.code === "email_not_confirmed";
  const serverAlert =
    failure instanceof ApiError && failure.code === "validation_failed"
      ? specAlert(failure.fields.email, failure.fields.password)
      : null;

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="grid gap-4">
      {invalidAlert ? (
        <FormErrorAlert>
          <p>{invalidAlert}</p>
        </FormErrorAlert>
      ) : attempt.status === "error" ? (
        <FormErrorAlert>
          <p>{serverAlert ?? errorMessage(failure, "network")}</p>
          {notConfirmed ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-1 text-foreground"
              onClick={resendConfirmation}
              disabled={resending}
            >
              {resending ? <Spinner /> : null}
              {t("resend.button")}
            </Button>
          ) : null}
        </FormErrorAlert>
      ) : null}

      <EmailField field={field("email")} />
      <div className="grid gap-1">
        <PasswordField field={field("password")} isNew={false} />
        <Button asChild variant="link" size="sm" className="h-auto justify-self-end px-0 py-1">
          <a href={forgotPasswordPath(account, currentLocale())}>{t("forgotPassword.link")}</a>
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
        {pending ? <Spinner /> : null}
        {t("submit.signIn")}
      </Button>
    </form>
  );
}
