import type { Me, Role, SignIn } from "@shared/auth.schema";
import type { TwoFactorChallenge } from "@shared/security.schema";
import {
  type ComponentProps,
  type ComponentType,
  type FormEvent,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { fieldAria } from "@/web/lib/form";
import { currentLocale, loadNamespaces } from "@/web/lib/i18n";
import { forgotPasswordPath } from "../paths";
import { EmailField, FormErrorAlert, PasswordField } from "./account-fields";

type Name = keyof SignIn;
const NAMES: Name[] = ["email", "password"];
type FieldErrors = Partial<Record<Name, string>>;
type Attempt =
  | { status: "idle" }
  | { status: "pending"; email: string }
  | { status: "error"; email: string; error: unknown };

/** A link as the page makes them: a plain `<a>` (the sign-in entry) or the router's (the app). */
export type SignInLink = ComponentType<ComponentProps<"a"> & { href: string }>;

const PlainLink: SignInLink = (props) => <a {...props} />;

export type SignInFormCoreProps = {
  /** The page's role: picks the sign-in page 'Esqueci minha senha' returns to. */
  account: Role;
  /** Sends the checked e-mail and password: a session, or a two-factor challenge. */
  signIn: (input: SignIn) => Promise<Me | TwoFactorChallenge>;
  /** 'Reenviar email de confirmação' for the e-mail that was refused as not confirmed. */
  resendConfirmation: (email: string) => Promise<unknown>;
  /** Shows a toast. */
  notify: (kind: "success" | "error", text: string) => void;
  /** A session was opened. The form stays busy: the page is about to change. */
  onSignedIn: (me: Me) => unknown;
  /** The password was right and the account asks for its code (`email` as typed). */
  onTwoFactor: (email: string) => void;
  /** The e-mail to start with (back from the code step). */
  defaultEmail?: string;
  /** Why the code step ended without a session (it expired): shown until the next submit. */
  initialError?: unknown;
  /** How 'Esqueci minha senha' links (a plain `<a>` by default). */
  link?: SignInLink;
};

/**
 * The one sign-in form (decision 026), shown by the sign-in entry (signin/sign-in-page.tsx) and by
 * the app (`SignInForm`, sign-in-form.tsx): plain React state, no react-hook-form, TanStack Query
 * or router, so the light entry stays within its budget. Each side passes how it talks to the API,
 * shows toasts, links and leaves the page. The shared `SignInSchema` (zod) checks it on submit
 * (imported then, with the texts of its messages); the first wrong field gets the focus; editing a
 * field clears its error; the spec's alerts stand for a malformed e-mail or a short password
 * (section 8), the API's error text for anything else, with 'Reenviar email de confirmação' for an
 * account not confirmed yet.
 */
export function SignInFormCore({
  account,
  signIn,
  resendConfirmation,
  notify,
  onSignedIn,
  onTwoFactor,
  defaultEmail,
  initialError = null,
  link: Link = PlainLink,
}: SignInFormCoreProps) {
  const { t } = useTranslation("auth");
  const prefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalidAlert, setInvalidAlert] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt>({ status: "idle" });
  const [carriedError, setCarriedError] = useState<unknown>(initialError);
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
    setCarriedError(null);
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
    let result: Me | TwoFactorChallenge;
    try {
      result = await signIn(parsed.data);
    } catch (error) {
      setAttempt({ status: "error", email, error });
      if (error instanceof ApiError && error.code === "validation_failed") {
        const server: FieldErrors = {};
        for (const [field, message] of Object.entries(error.fields)) {
          if (NAMES.includes(field as Name)) server[field as Name] = message;
        }
        setErrors(server);
      }
      return;
    }
    if ("twoFactorRequired" in result) onTwoFactor(values.email);
    else onSignedIn(result);
  };

  const onResend = async () => {
    if (attempt.status !== "error") return;
    setResending(true);
    try {
      await resendConfirmation(attempt.email);
      notify("success", t("resend.sent"));
    } catch (error) {
      notify("error", errorMessage(error));
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
  const email = field("email");

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
              onClick={onResend}
              disabled={resending}
            >
              {resending ? <Spinner /> : null}
              {t("resend.button")}
            </Button>
          ) : null}
        </FormErrorAlert>
      ) : carriedError ? (
        <FormErrorAlert>
          <p>{errorMessage(carriedError, "network")}</p>
        </FormErrorAlert>
      ) : null}

      <EmailField field={{ ...email, control: { ...email.control, defaultValue: defaultEmail } }} />
      <div className="grid gap-1">
        <PasswordField field={field("password")} isNew={false} />
        <Button asChild variant="link" size="sm" className="h-auto justify-self-end px-0 py-1">
          <Link href={forgotPasswordPath(account, currentLocale())}>
            {t("forgotPassword.link")}
          </Link>
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
        {pending ? <Spinner /> : null}
        {t("submit.signIn")}
      </Button>
    </form>
  );
}
