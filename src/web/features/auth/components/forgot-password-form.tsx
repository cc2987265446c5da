import { zodResolver } from "@hookform/resolvers/zod";
import { EmailSchema } from "@shared/auth.schema";
import { toLanguage } from "@shared/languages";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { currentLocale } from "@/web/lib/i18n";
import { useForgotPassword } from "../api";
import { EmailField, FormErrorAlert } from "./account-fields";
import { AuthCard } from "./auth-card";

const ForgotPasswordFormSchema = z.object({ email: EmailSchema });
type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/**
 * 'Esqueci minha senha': the e-mail of the account. The answer never says whether an account
 * has it; the page says where the link went if one does.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("auth");
  const form = useForm<z.input<typeof ForgotPasswordFormSchema>, unknown, ForgotPasswordForm>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { email: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(({ email }) => {
    const language = toLanguage(currentLocale());
    forgot.mutate(
      { email, language },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => applyServerFieldErrors(form, error),
      },
    );
  });

  if (sentTo) {
    return (
      <AuthCard
        title={t("forgotPassword.sentTitle")}
        description={t("forgotPassword.sent", { email: sentTo })}
        switchLabel={t("forgotPassword.backToSignIn")}
        onSwitch={onBack}
        icon={
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
        }
      >
        <div className="grid gap-4" role="status">
          <p className="text-muted-foreground text-sm">{t("forgotPassword.sentHint")}</p>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              forgot.reset();
              setSentTo(null);
            }}
          >
            {t("forgotPassword.again")}
          </Button>
        </div>
      </AuthCard>
    );
  }

  const email = field("email");
  return (
    <AuthCard
      title={t("forgotPassword.title")}
      description={t("forgotPassword.description")}
      switchLabel={t("forgotPassword.backToSignIn")}
      onSwitch={onBack}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {forgot.isError ? (
          <FormErrorAlert>
            <p>{errorMessage(forgot.error)}</p>
          </FormErrorAlert>
        ) : null}
        <EmailField field={email} />
        <Button type="submit" size="lg" disabled={forgot.isPending} aria-busy={forgot.isPending}>
          {forgot.isPending ? <Spinner /> : null}
          {t("forgotPassword.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
