import {
  PERSONAL_EXPORT_HOURS,
  PERSONAL_EXPORTS_PER_DAY,
  type PersonalExport,
} from "@shared/privacy.schema";
import { format, parseISO } from "date-fns";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime, formatFileSize } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { exportDownloadUrl, useRequestExport } from "../api";
import { PrivacySection } from "./privacy-section";

/**
 * 'Baixar meus dados': asks for a zip (a job builds it; the page asks again every few seconds
 * while one is being prepared), then each request with its state and, once ready, its link.
 */
export function ExportsSection({
  exports,
  leftToday,
}: {
  exports: PersonalExport[];
  leftToday: number;
}) {
  const { t } = useTranslation("privacy");
  const request = useRequestExport();
  return (
    <PrivacySection
      title={t("exports.title")}
      description={
        <>
          <p>{t("exports.description")}</p>
          <p className="mt-1">{t("exports.howItWorks", { hours: PERSONAL_EXPORT_HOURS })}</p>
        </>
      }
    >
      <div className="grid gap-2">
        <div>
          <Button
            type="button"
            disabled={request.isPending || leftToday <= 0}
            aria-busy={request.isPending}
            onClick={() =>
              request.mutate(undefined, {
                onSuccess: () => toast.success(t("exports.requested")),
              })
            }
          >
            {request.isPending ? <Spinner /> : <Download aria-hidden="true" />}
            {t("exports.request")}
          </Button>
        </div>
        <p className="text-muted-foreground text-sm">
          {leftToday > 0
            ? t("exports.left", { count: leftToday })
            : t("exports.noneLeft", { max: PERSONAL_EXPORTS_PER_DAY })}
        </p>
        {request.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(request.error)}
          </p>
        ) : null}
      </div>
      {exports.length > 0 ? <ExportList exports={exports} /> : null}
    </PrivacySection>
  );
}

/** The requests, newest first: preparing, ready (with the link) or failed. */
export function ExportList({
  exports,
  now = new Date(),
}: {
  exports: PersonalExport[];
  now?: Date;
}) {
  const { t } = useTranslation("privacy");
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-sm">{t("exports.list")}</h3>
      <ul className="grid gap-2">
        {exports.map((item) => {
          const expired =
            item.state === "ready" && item.expiresAt !== null && parseISO(item.expiresAt) <= now;
          const state = expired ? "expired" : item.state;
          return (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border p-3"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm">
                  {t("exports.requestedAt", { date: formatDateTime(item.createdAt) })}
                </p>
                <p
                  className={cn(
                    "flex items-center gap-1.5 font-medium text-xs",
                    state === "ready" && "text-success",
                    state === "failed" && "text-destructive",
                    (state === "pending" || state === "expired") && "text-muted-foreground",
                  )}
                >
                  {state === "pending" ? <Spinner className="size-3" /> : null}
                  {t(`exports.${state}`)}
                  {state === "ready" && item.expiresAt
                    ? ` · ${t("exports.until", { date: format(parseISO(item.expiresAt), "dd/MM HH:mm") })}`
                    : null}
                  {state === "ready" && item.size !== null
                    ? ` · ${formatFileSize(item.size)}`
                    : null}
                </p>
                {state === "failed" || state === "expired" ? (
                  <p className="text-muted-foreground text-xs">{t(`exports.${state}Hint`)}</p>
                ) : null}
              </div>
              {state === "ready" ? (
                <Button asChild size="sm" variant="outline">
                  <a href={exportDownloadUrl(item.id)} download>
                    <Download aria-hidden="true" />
                    {t("exports.download")}
                  </a>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
