import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/web/components/ui/alert";

export type ConfirmationResult = "confirmed" | "failed";

/**
 * The result of the e-mail confirmation link, which the server sends back with `?confirmado=1`
 * or `?error=<reason>` (an error wins over `confirmado`).
 */
export function readConfirmationResult(params: URLSearchParams): ConfirmationResult | null {
  if (params.has("error")) return "failed";
  if (params.get("confirmado") === "1") return "confirmed";
  return null;
}

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
