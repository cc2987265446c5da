import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { useDownloadBackup } from "../api";

/**
 * 'Backup': downloads the company's data as a zip (JSON and CSV). `label` names it where it is
 * offered for another reason ('Baixar backup completo' before closing the account).
 */
export function BackupButton({ label }: { label?: string } = {}) {
  const { t } = useTranslation("backup");
  const backup = useDownloadBackup();

  const onBackup = () => {
    toast.info(t("backupStarted"));
    backup.mutate(undefined, { onError: () => toast.error(t("backupError")) });
  };

  return (
    <div className="grid justify-items-end gap-1">
      <Button type="button" variant="outline" onClick={onBackup} disabled={backup.isPending}>
        {backup.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        {label ?? t("backup")}
      </Button>
      <p className="text-muted-foreground text-xs">{t("backupHint")}</p>
    </div>
  );
}
