import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { ApiError } from "@/web/lib/api-client";
import { cn } from "@/web/lib/utils";

/** The API's refusal of an IA Suprema route outside the plan (decision 027). */
export const isPlanRequired = (error: unknown) =>
  error instanceof ApiError && error.code === "assistant_plan_required";

/**
 * Says that the company's plan does not include IA Suprema, and what that means here, with the
 * way to /plano.
 */
export function PlanRequiredNotice({
  id,
  texts,
  className,
}: {
  id?: string;
  texts: string[];
  className?: string;
}) {
  const { t } = useTranslation("assistant");
  return (
    <div
      id={id}
      role="status"
      data-testid="assistant-plan-notice"
      className={cn(
        "grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
        className,
      )}
    >
      <p className="flex gap-2 font-medium">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{texts[0]}</span>
      </p>
      {texts.slice(1).map((text) => (
        <p key={text} className="pl-6">
          {text}
        </p>
      ))}
      <div className="pl-6">
        <Button asChild size="sm" variant="outline">
          <Link to="/plano">{t("planNotice.cta")}</Link>
        </Button>
      </div>
    </div>
  );
}
