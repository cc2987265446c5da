import { saoPauloDate } from "@shared/dates";
import { type PromotionSettings, PromotionSettingsSchema } from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/textarea";
import { fieldAria } from "@/web/lib/form";
import { sectionQueryOptions, useSaveSection } from "../api";
import { useSectionForm } from "./section-form";
import { SectionStatus } from "./section-status";
import { TextField } from "./settings-fields";

/** Promoção especial: the fields show only while it is active (spec section 4). */
export function PromotionSection() {
  const query = useQuery(sectionQueryOptions("promotion"));
  return query.data ? <PromotionForm saved={query.data} /> : <SectionStatus query={query} />;
}

function PromotionForm({ saved }: { saved: PromotionSettings }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const save = useSaveSection("promotion");
  const form = useSectionForm(saved, PromotionSettingsSchema);
  const promotion = form.value;

  // An active promotion whose end date is past saves, but customers will not see it: said
  // beside the dates before saving, and again with the save's toast.
  const ended = promotion.active && promotion.endsOn !== null && promotion.endsOn < saoPauloDate();
  const onSave = () =>
    form.submit(
      save,
      () =>
        ended
          ? toast.warning(t("saved.promotion"), { description: t("promotion.ended") })
          : toast.success(t("saved.promotion")),
      () => toast.error(t("errors.promotionSave")),
    );
  const descriptionError = form.error("description");

  return (
    <div className="grid gap-4">
      <SwitchField
        label={t("promotion.active")}
        checked={promotion.active}
        onChange={(active) => form.set("active", active)}
      />
      {promotion.active ? (
        <>
          <TextField
            label={t("promotion.titleField")}
            value={promotion.title}
            error={form.error("title")}
            onChange={(title) => form.set("title", title)}
          />
          <Field
            id={`${id}-description`}
            label={t("promotion.description")}
            error={descriptionError}
          >
            <Textarea
              {...fieldAria(`${id}-description`, { error: descriptionError })}
              rows={3}
              value={promotion.description}
              onChange={(e) => form.set("description", e.target.value)}
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              type="date"
              label={t("promotion.startsOn")}
              value={promotion.startsOn ?? ""}
              error={form.error("startsOn")}
              onChange={(v) => form.set("startsOn", v || null)}
            />
            <TextField
              type="date"
              label={t("promotion.endsOn")}
              value={promotion.endsOn ?? ""}
              error={form.error("endsOn")}
              onChange={(v) => form.set("endsOn", v || null)}
            />
          </div>
          {ended ? (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {t("promotion.ended")}
            </p>
          ) : null}
        </>
      ) : null}
      <div>
        <Button type="button" onClick={onSave} disabled={save.isPending}>
          {t("promotion.save")}
        </Button>
      </div>
    </div>
  );
}
