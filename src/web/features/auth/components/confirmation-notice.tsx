import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import type { ConfirmationResult } from "@/web/lib/confirmation";

export function ConfirmationNotice({ result }: { result: ConfirmationResult | null }) {
  const { t } = useTranslation("auth");
  if (result === "confirmed") {
    return (
      <Alert role="status" variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>{t("confirmation.success")}</AlertDescription>
      </Alert>
    );
  }
  if (result === "failed") {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{t("confirmation.error")}</AlertDescription>
      </Alert>
    );
  }
  return null;
}

/** On a sign-in page after 'Criar nova senha': the new password is set. */
export function PasswordResetNotice({ show }: { show: boolean }) {
  const { t } = useTranslation("auth");
  if (!show) return null;
  return (
    <Alert role="status" variant="success">
      <CircleCheck aria-hidden="true" />
      <AlertDescription>{t("resetPassword.done")}</AlertDescription>
    </Alert>
  );
}
