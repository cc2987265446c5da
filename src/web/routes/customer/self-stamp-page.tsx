import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { SelfStampResultView } from "@/web/features/stamps/components/self-stamp-result";

/**
 * /carimbar?c=<code>: a signed-in customer scanned the counter screen's QR code (/balcao/qr) and
 * gets one stamp (a visitor without a session signs in first and comes back here: customer-area).
 */
export function SelfStampPage() {
  const { t } = useTranslation("stamps");
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t("self.title")} />
      <SelfStampResultView token={params.get("c")?.trim() || null} />
    </>
  );
}
