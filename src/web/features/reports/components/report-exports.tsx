import {
  EXPORT_DATASETS,
  type ExportDataset,
  isFilteredReport,
  type ReportQuery,
} from "@shared/reports.schema";
import {
  Download,
  FileSpreadsheet,
  MessageSquare,
  Share2,
  Stamp,
  Users,
  WalletCards,
} from "lucide-react";
import { type ComponentType, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { type ExportFile, useDownloadExport } from "../api";

const ICONS: Record<ExportDataset, ComponentType<{ className?: string; "aria-hidden"?: true }>> = {
  membros: Users,
  cartoes: WalletCards,
  carimbos: Stamp,
  mensagens: MessageSquare,
  indicacoes: Share2,
};

/**
 * 'Exportar': a card per dataset with its CSV (UTF-8 with BOM and ';', as Excel in Brazil opens
 * it) and the workbook with a sheet each, all for the selected period. A refused download shows
 * the spec's 'Erro ao exportar relatório. Verifique se você está autenticado.'.
 */
export function ReportExports({ period }: { period: ReportQuery }) {
  const { t } = useTranslation("reports");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-lg">
          {t("exports.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("exports.description")}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {/* Referrals are no one's doing: a narrowed export has none. */}
        {EXPORT_DATASETS.filter((d) => d !== "indicacoes" || !isFilteredReport(period)).map(
          (dataset) => {
            const Icon = ICONS[dataset];
            const name = t(`exports.datasets.${dataset}.title`);
            return (
              <ExportCard
                key={dataset}
                icon={<Icon aria-hidden={true} className="size-5 text-primary" />}
                title={name}
                description={t(`exports.datasets.${dataset}.description`)}
                file={{ kind: "csv", dataset }}
                period={period}
                buttonText={t("exports.csv")}
                buttonLabel={t("exports.csvLabel", { name })}
              />
            );
          },
        )}
        <ExportCard
          highlight
          icon={<FileSpreadsheet aria-hidden={true} className="size-5 text-primary" />}
          title={t("exports.workbook.title")}
          description={t("exports.workbook.description")}
          file={{ kind: "xlsx" }}
          period={period}
          buttonText={t("exports.xlsx")}
        />
      </ul>
    </section>
  );
}

function ExportCard({
  icon,
  title,
  description,
  file,
  period,
  buttonText,
  buttonLabel,
  highlight = false,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  file: ExportFile;
  period: ReportQuery;
  buttonText: string;
  buttonLabel?: string;
  highlight?: boolean;
}) {
  const { t } = useTranslation("reports");
  const download = useDownloadExport();
  const onDownload = () =>
    download.mutate(
      { file, period },
      { onError: () => toast.error(t("exports.error"), { id: "report-export-error" }) },
    );
  return (
    <li
      aria-label={title}
      className={
        highlight
          ? "grid content-between gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
          : "grid content-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
      }
    >
      <div className="flex min-w-0 items-start gap-3">
        {icon}
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
      </div>
      <Button
        type="button"
        variant={highlight ? "default" : "outline"}
        className="justify-self-start"
        onClick={onDownload}
        disabled={download.isPending}
        aria-label={buttonLabel}
        aria-busy={download.isPending}
      >
        {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        {buttonText}
        {download.isPending ? <span className="sr-only">{t("exports.downloading")}</span> : null}
      </Button>
    </li>
  );
}
