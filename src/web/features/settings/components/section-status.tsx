import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";

/** While a section loads, or when it could not: the message and a retry. */
export function SectionStatus({
  query,
  errorText,
}: {
  query: UseQueryResult<unknown>;
  errorText?: string;
}) {
  const { t } = useTranslation(["settings", "common"]);
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {errorText ?? t("settings:errors.load")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  return <Spinner />;
}
