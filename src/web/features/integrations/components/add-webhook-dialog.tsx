import { zodResolver } from "@hookform/resolvers/zod";
import {
  API_KEY_MODES,
  CreateWebhookEndpointSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from "@shared/integrations.schema";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldErrorId, useFormField } from "@/web/lib/form";
import { useAddWebhook } from "../api";
import { textKey } from "../text-key";

type Values = z.input<typeof CreateWebhookEndpointSchema>;
const EMPTY: Values = { url: "", events: [], mode: "live" };

/** 'Adicionar endpoint': the address, the events it receives and the mode of the data. */
export function AddWebhookDialog() {
  const { t } = useTranslation("integrations");
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof CreateWebhookEndpointSchema>>({
    resolver: zodResolver(CreateWebhookEndpointSchema),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const add = useAddWebhook();
  const url = field("url");
  const eventsError = validationMessage(form.formState.errors.events?.message);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      add.reset();
    }
  };

  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        toast.success(t("addWebhook.added"));
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {t("webhooks.add")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("addWebhook.title")}</DialogTitle>
        <DialogDescription>{t("addWebhook.description")}</DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {add.isError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 p-2 font-medium text-destructive text-sm"
            >
              {errorMessage(add.error)}
            </p>
          ) : null}
          <Field id={url.id} label={t("addWebhook.url")} error={url.error}>
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://"
              {...url.control}
            />
          </Field>
          <fieldset
            className="grid gap-2"
            aria-describedby={eventsError ? fieldErrorId(`${id}-events`) : undefined}
          >
            <legend className="mb-2 font-medium text-sm">{t("addWebhook.events")}</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <label
                key={event}
                className="flex cursor-pointer items-start gap-3 rounded-md border p-2.5 text-sm has-checked:border-primary"
              >
                <input
                  type="checkbox"
                  value={event}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register("events", { onChange: () => form.clearErrors("events") })}
                />
                <span className="grid min-w-0">
                  <span className="font-medium">{t(`events.${textKey(event)}`)}</span>
                  <code className="break-all text-muted-foreground text-xs">{event}</code>
                </span>
              </label>
            ))}
            {eventsError ? (
              <p id={fieldErrorId(`${id}-events`)} className="font-medium text-destructive text-sm">
                {eventsError}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t("addWebhook.mode")}</legend>
            <div className="flex flex-wrap gap-2">
              {API_KEY_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary"
                >
                  <input
                    type="radio"
                    value={mode}
                    className="size-4 accent-primary"
                    {...form.register("mode")}
                  />
                  {t(`modes.${mode}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("addWebhook.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={add.isPending}>
              {t("addWebhook.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
