import { zodResolver } from "@hookform/resolvers/zod";
import {
  ASSISTANT_TONES,
  type AssistantOverview,
  type AssistantSettings,
  AssistantSettingsSchema,
  PROMOTION_FREQUENCIES,
} from "@shared/assistant.schema";
import { Bot, Sparkles } from "lucide-react";
import { type ReactNode, useId } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import { useSaveAssistantSettings } from "../api";

/** A titled block of the form. */
export function AssistantSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id={id} className="font-semibold text-lg">
          {title}
        </h2>
        {hint ? <p className="text-muted-foreground text-sm">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * /ia-suprema's settings (spec "AI robot settings"): on/off, identity, messages, hours per
 * weekday, order links and campaigns, saved on the server with one button. Without the plan the
 * switch is off and locked, and the page says how to get it.
 */
export function AssistantSettingsForm({ overview }: { overview: AssistantOverview }) {
  const { t } = useTranslation(["assistant", "common"]);
  const id = useId();
  const save = useSaveAssistantSettings();
  const form = useForm<AssistantSettings>({
    resolver: zodResolver(AssistantSettingsSchema),
    values: overview.settings,
    reValidateMode: "onSubmit",
  });
  const value = form.watch();
  const error = (path: Path<AssistantSettings>) =>
    validationMessage(form.getFieldState(path, form.formState).error?.message);
  const set = (path: Path<AssistantSettings>, v: unknown) => {
    form.setValue(path, v as never, { shouldDirty: true });
    form.clearErrors();
  };

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t("saved")),
      onError: (e) => {
        applyServerFieldErrors(form, e);
        toast.error(t("saveError"), { description: errorMessage(e) });
      },
    }),
  );

  const text = (name: "name" | "companyName" | "deliveryUrl" | "storeUrl", type = "text") => {
    const fieldId = `${id}-${name}`;
    const message = error(name);
    return (
      <Field id={fieldId} label={t(`fields.${name}`)} error={message}>
        <Input
          {...fieldAria(fieldId, { error: message })}
          type={type}
          inputMode={type === "url" ? "url" : undefined}
          placeholder={type === "url" ? "https://" : undefined}
          value={value[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      </Field>
    );
  };
  const message = (
    name: "welcomeMessage" | "orderMessage" | "suggestionMessage" | "complaintMessage",
  ) => {
    const fieldId = `${id}-${name}`;
    const err = error(name);
    return (
      <Field id={fieldId} label={t(`fields.${name}`)} error={err}>
        <Textarea
          {...fieldAria(fieldId, { error: err })}
          rows={3}
          maxLength={500}
          value={value[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      </Field>
    );
  };
  const weekdays = t("weekdays", { returnObjects: true }) as string[];

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      className="grid min-w-0 gap-6"
    >
      <AssistantSection title={t("status.title")}>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={
              value.enabled && overview.available
                ? "inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 font-medium text-emerald-900 text-xs dark:bg-emerald-900/40 dark:text-emerald-100"
                : "inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 font-medium text-muted-foreground text-xs"
            }
          >
            <Bot aria-hidden="true" className="size-3.5" />
            {overview.settings.enabled && overview.available ? t("status.on") : t("status.off")}
          </span>
          <span className="text-muted-foreground text-xs">
            {overview.engine === "llm" ? t("status.engineLlm") : t("status.engineRules")}
          </span>
        </div>
        <p className="text-sm">{t("status.what")}</p>
        {overview.available ? null : (
          <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            <p className="flex items-center gap-2 font-semibold">
              <Sparkles aria-hidden="true" className="size-4" />
              {t("upgrade.title")}
            </p>
            <p className="text-sm">{t("upgrade.body")}</p>
            <div>
              <Button asChild size="sm">
                <Link to="/plano">{t("upgrade.cta")}</Link>
              </Button>
            </div>
          </div>
        )}
        <SwitchField
          label={t("status.toggle")}
          checked={value.enabled}
          disabled={!overview.available && !value.enabled}
          onChange={(on) => set("enabled", on)}
        />
      </AssistantSection>

      <AssistantSection title={t("sections.identity")} hint={t("sections.identityHint")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name")}
          {text("companyName")}
        </div>
        <Field id={`${id}-tone`} label={t("fields.tone")} error={error("tone")}>
          <NativeSelect
            id={`${id}-tone`}
            value={value.tone}
            onChange={(e) => set("tone", e.target.value)}
          >
            {ASSISTANT_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {t(`tones.${tone}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </AssistantSection>

      <AssistantSection title={t("sections.messages")} hint={t("sections.messagesHint")}>
        {message("welcomeMessage")}
        {message("orderMessage")}
        {message("suggestionMessage")}
        {message("complaintMessage")}
      </AssistantSection>

      <AssistantSection title={t("sections.hours")} hint={t("sections.hoursHint")}>
        <SwitchField
          label={t("sections.hoursSet")}
          checked={value.hoursSet}
          onChange={(on) => set("hoursSet", on)}
        />
        {value.hoursSet ? null : (
          <p className="text-muted-foreground text-sm">{t("sections.hoursUnset")}</p>
        )}
        <ul className="grid gap-3" hidden={!value.hoursSet}>
          {value.serviceHours.map((day, w) => {
            const dayError =
              error(`serviceHours.${w}.end` as Path<AssistantSettings>) ??
              error(`serviceHours.${w}.start` as Path<AssistantSettings>);
            return (
              <li
                key={weekdays[w] ?? String(w)}
                className="grid grid-cols-2 gap-2 rounded-lg border p-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-center"
              >
                <div className="col-span-2 sm:col-span-1">
                  <SwitchField
                    label={weekdays[w]}
                    checked={day.open}
                    onChange={(open) =>
                      set(`serviceHours.${w}.open` as Path<AssistantSettings>, open)
                    }
                  />
                </div>
                <div className="grid gap-1 text-xs">
                  <span aria-hidden="true" className="text-muted-foreground">
                    {t("fields.start")}
                  </span>
                  <Input
                    type="time"
                    aria-label={`${weekdays[w]}: ${t("fields.start")}`}
                    disabled={!day.open}
                    value={day.start}
                    onChange={(e) =>
                      set(`serviceHours.${w}.start` as Path<AssistantSettings>, e.target.value)
                    }
                  />
                </div>
                <div className="grid gap-1 text-xs">
                  <span aria-hidden="true" className="text-muted-foreground">
                    {t("fields.end")}
                  </span>
                  <Input
                    type="time"
                    aria-label={`${weekdays[w]}: ${t("fields.end")}`}
                    disabled={!day.open}
                    value={day.end}
                    onChange={(e) =>
                      set(`serviceHours.${w}.end` as Path<AssistantSettings>, e.target.value)
                    }
                  />
                </div>
                {dayError ? (
                  <p className="col-span-2 font-medium text-destructive text-sm sm:col-span-3">
                    {dayError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </AssistantSection>

      <AssistantSection title={t("sections.links")} hint={t("sections.linksHint")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("deliveryUrl", "url")}
          {text("storeUrl", "url")}
        </div>
      </AssistantSection>

      <AssistantSection title={t("sections.marketing")} hint={t("sections.marketingHint")}>
        <SwitchField
          label={t("fields.marketingPromotions")}
          checked={value.marketingPromotions}
          onChange={(on) => set("marketingPromotions", on)}
        />
        <SwitchField
          label={t("fields.marketingReminders")}
          checked={value.marketingReminders}
          onChange={(on) => set("marketingReminders", on)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-frequency`}
            label={t("fields.promotionFrequency")}
            error={error("promotionFrequency")}
          >
            <NativeSelect
              id={`${id}-frequency`}
              value={value.promotionFrequency}
              onChange={(e) => set("promotionFrequency", e.target.value)}
            >
              {PROMOTION_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`frequencies.${f}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-sendTime`} label={t("fields.sendTime")} error={error("sendTime")}>
            <Input
              {...fieldAria(`${id}-sendTime`, { error: error("sendTime") })}
              type="time"
              value={value.sendTime}
              onChange={(e) => set("sendTime", e.target.value)}
            />
          </Field>
        </div>
      </AssistantSection>

      <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
