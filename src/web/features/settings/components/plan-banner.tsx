import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CompanySummary } from "@/shared/companies.schema";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";

/** After the trial without a paid period: read access, stamping and redemption go on. */
export function PlanBanner({ company }: { company: CompanySummary | null }) {
  const { t } = useTranslation("settings");
  if (company?.planStatus !== "expired") return null;
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{t("plan.expiredTitle")}</AlertTitle>
      <AlertDescription>{t("plan.expiredBody")}</AlertDescription>
    </Alert>
  );
}
