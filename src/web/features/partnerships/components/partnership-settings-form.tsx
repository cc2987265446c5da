import { zodResolver } from "@hookform/resolvers/zod";
import {
  PARTNERSHIP_DESCRIPTION_MAX,
  type PartnershipOverview,
  type PartnershipSettings,
  PartnershipSettingsSchema,
} from "@shared/partnerships.schema";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { CharacterCount } from "@/web/components/character-count";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldErrorId } from "@/web/lib/form";
import { useSavePartnershipSettings } from "../api";

type FormInput = z.input<typeof PartnershipSettingsSchema>;

/**
 * /parceria: the switch 'parceria_ativa' (the company shows in the marketplace and receives
 * requests) and 'parceria_descricao', what it offers partners ('Parceria atualizada!').
 */
export function PartnershipSettingsForm({ overview }: { overview: PartnershipOverview }) {
  const { t } = useTranslation("partnerships");
  const id = useId();
  const save = useSavePartnershipSettings();
  const form = useForm<FormInput, unknown, PartnershipSettings>({
    resolver: zodResolver(PartnershipSettingsSchema),
    values: { enabled: overview.enabled, description: overview.description ?? "" },
    reValidateMode: "onSubmit",
  });
  const enabled = form.watch("enabled");
  const length = (form.watch("description") ?? "").trim().length;
  const tooLong = length > PARTNERSHIP_DESCRIPTION_MAX;
  const error = validationMessage(form.formState.errors.description?.message);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t("settings.saved")),
      onError: (failure) => {
        applyServerFieldErrors(form, failure);
        toast.error(t("settings.saveError"));
      },
    }),
  );

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("settings.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1">
            <div className="flex items-center gap-3">
              <input
                id={`${id}-enabled`}
                type="checkbox"
                role="switch"
                aria-checked={enabled}
                aria-describedby={`${id}-enabled-hint`}
                className="size-4 shrink-0 accent-primary"
                {...form.register("enabled")}
              />
              <Label htmlFor={`${id}-enabled`}>{t("settings.enabled")}</Label>
            </div>
            <p id={`${id}-enabled-hint`} className="pl-7 text-muted-foreground text-xs">
              {t("settings.enabledHint")}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>{t("settings.description")}</Label>
            <Textarea
              id={`${id}-description`}
              rows={4}
              placeholder={t("settings.descriptionPlaceholder")}
              aria-invalid={tooLong || Boolean(error) || undefined}
              aria-describedby={
                error ? `${id}-count ${fieldErrorId(`${id}-description`)}` : `${id}-count`
              }
              {...form.register("description", {
                onChange: () => form.clearErrors("description"),
              })}
            />
            <CharacterCount id={`${id}-count`} count={length} max={PARTNERSHIP_DESCRIPTION_MAX} />
            {error ? (
              <p
                id={fieldErrorId(`${id}-description`)}
                className="font-medium text-destructive text-sm"
              >
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" disabled={save.isPending || tooLong}>
              {save.isPending ? <Spinner /> : null}
              {t("settings.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
