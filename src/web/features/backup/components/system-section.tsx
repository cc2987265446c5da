import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  BACKUP_FREQUENCIES,
  RETENTION_MONTHS_OPTIONS,
  type UpdateSystemSettings,
  UpdateSystemSettingsSchema,
} from "@/shared/settings.schema";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { fieldAria, useFormField } from "@/web/lib/form";
import { formatDateTime } from "@/web/lib/format";
import { systemSettingsQueryOptions, useDownloadBackup, useSaveSystemSettings } from "../api";

/**
 * /configuracoes 'Sistema': backup frequency and data retention (saved on the server), the date of
 * the last backup and the 'Backup' button that downloads the company's data as a zip.
 */
export function SystemSection() {
  const { t } = useTranslation(["backup", "common"]);
  const query = useQuery(systemSettingsQueryOptions());
  const save = useSaveSystemSettings();
  const backup = useDownloadBackup();
  const settings = query.data;
  const form = useForm<UpdateSystemSettings>({
    resolver: zodResolver(UpdateSystemSettingsSchema),
    reValidateMode: "onSubmit",
    values: settings
      ? { backupFrequency: settings.backupFrequency, retentionMonths: settings.retentionMonths }
      : undefined,
    // A refetch (e.g. after a backup) keeps what the user is still editing.
    resetOptions: { keepDirtyValues: true },
  });
  const field = useFormField(form);

  if (!settings) {
    if (query.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("backup:loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      );
    }
    return <Spinner label={t("common:loading")} />;
  }

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({
          backupFrequency: saved.backupFrequency,
          retentionMonths: saved.retentionMonths,
        });
        toast.success(t("backup:saved"));
      },
      onError: () => toast.error(t("backup:saveError")),
    }),
  );

  const onBackup = () => {
    toast.info(t("backup:backupStarted"));
    backup.mutate(undefined, { onError: () => toast.error(t("backup:backupError")) });
  };

  const frequency = field("backupFrequency");
  const retention = field("retentionMonths", { hint: true });

  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field id={frequency.id} label={t("backup:frequency.label")} error={frequency.error}>
            <NativeSelect {...frequency.control}>
              {BACKUP_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {t(`backup:frequency.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={retention.id}
            label={t("backup:retention.label")}
            hint={t("backup:retention.hint")}
            error={retention.error}
          >
            <NativeSelect
              {...fieldAria(retention.id, { hint: !retention.error, error: retention.error })}
              {...form.register("retentionMonths", {
                valueAsNumber: true,
                onChange: () => form.clearErrors("retentionMonths"),
              })}
            >
              {RETENTION_MONTHS_OPTIONS.map((months) => (
                <option key={months} value={months}>
                  {t("backup:retention.months", { count: months })}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {t("backup:save")}
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
        <div className="grid gap-1 text-sm">
          <span className="font-medium">{t("backup:lastBackup.label")}</span>
          <span className="text-muted-foreground" data-testid="last-backup">
            {settings.lastBackupAt
              ? formatDateTime(settings.lastBackupAt)
              : t("backup:lastBackup.never")}
          </span>
        </div>
        <div className="grid justify-items-end gap-1">
          <Button type="button" variant="outline" onClick={onBackup} disabled={backup.isPending}>
            {backup.isPending ? <Spinner /> : <Download aria-hidden="true" />}
            {t("backup:backup")}
          </Button>
          <p className="text-muted-foreground text-xs">{t("backup:backupHint")}</p>
        </div>
      </div>
    </div>
  );
}
