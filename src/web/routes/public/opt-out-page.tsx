import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { OptOutResult } from "@/web/features/assistant/components/opt-out-result";
import { useDocumentTitle } from "@/web/lib/use-document-title";

/** /descadastrar?token=…: a campaign e-mail's one-click opt-out (public, no sign-in). */
export function OptOutPage() {
  const { t } = useTranslation("assistant");
  useDocumentTitle(t("campaigns.optOut.title"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
        <OptOutResult token={token} />
      </div>
    </PublicLayout>
  );
}
