import { MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useResendConfirmation } from "../api";

/** After sign-up: where the confirmation link went, a way to send it again, and back to sign-in. */
export function SignUpSuccess({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const resend = useResendConfirmation();

  const resendConfirmation = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => toast.success(t("resend.sent")),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Card>
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle asChild className="text-2xl">
          <h1>{t("signUpSuccess.title")}</h1>
        </CardTitle>
        <CardDescription>{t("signUpSuccess.sentTo")}</CardDescription>
        <p className="break-all font-semibold text-base">{email}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-center text-muted-foreground text-sm">
          {t("signUpSuccess.instructions")}
        </p>
        <Button
          type="button"
          variant="outline"
          onClick={resendConfirmation}
          disabled={resend.isPending}
        >
          {resend.isPending ? <Spinner /> : null}
          {t("signUpSuccess.resend")}
        </Button>
        <Button type="button" onClick={onBack}>
          {t("signUpSuccess.backToSignIn")}
        </Button>
      </CardContent>
    </Card>
  );
}
