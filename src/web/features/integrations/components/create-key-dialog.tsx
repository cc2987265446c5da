import { zodResolver } from "@hookform/resolvers/zod";
import {
  API_KEY_MODES,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type CreateApiKey,
  CreateApiKeySchema,
  type CreatedApiKey,
} from "@shared/integrations.schema";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
import { useCreateApiKey } from "../api";
import { textKey } from "../text-key";

type Values = z.input<typeof CreateApiKeySchema>;
/** Test mode first: a café tries its till against test data before its real customers. */
const EMPTY: Values = { name: "", scopes: [], mode: "test" };

/**
 * 'Criar chave': a name, what the key may do (each scope explained in plain Portuguese) and the
 * mode. The created key (with its secret) goes to `onCreated`, which shows it once.
 */
export function CreateKeyDialog({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation("integrations");
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, CreateApiKey>({
    resolver: zodResolver(CreateApiKeySchema),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateApiKey();
  const name = field("name");
  const scopesError = validationMessage(form.formState.errors.scopes?.message);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      create.reset();
    }
  };

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (created) => {
        onOpenChange(false);
        onCreated(created);
      },
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <KeyRound aria-hidden="true" />
          {t("keys.create")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("createKey.title")}</DialogTitle>
        <DialogDescription>{t("createKey.description")}</DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {create.isError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 p-2 font-medium text-destructive text-sm"
            >
              {errorMessage(create.error)}
            </p>
          ) : null}
          <Field id={name.id} label={t("createKey.name")} error={name.error}>
            <Input
              autoComplete="off"
              maxLength={API_KEY_NAME_MAX}
              placeholder={t("createKey.namePlaceholder")}
              {...name.control}
            />
          </Field>
          <fieldset
            className="grid gap-2"
            aria-invalid={scopesError ? true : undefined}
            aria-describedby={scopesError ? fieldErrorId(`${id}-scopes`) : undefined}
          >
            <legend className="mb-2 font-medium text-sm">{t("createKey.scopes")}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary"
              >
                <input
                  type="checkbox"
                  value={scope}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register("scopes", { onChange: () => form.clearErrors("scopes") })}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium">{t(`scopes.${textKey(scope)}.label`)}</span>
                  <span className="text-muted-foreground text-xs">
                    {t(`scopes.${textKey(scope)}.hint`)}{" "}
                    <code className="whitespace-nowrap text-[0.7rem]">{scope}</code>
                  </span>
                </span>
              </label>
            ))}
            {scopesError ? (
              <p id={fieldErrorId(`${id}-scopes`)} className="font-medium text-destructive text-sm">
                {scopesError}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t("createKey.mode")}</legend>
            {API_KEY_MODES.toReversed().map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary"
              >
                <input
                  type="radio"
                  value={mode}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register("mode")}
                />
                <span>{t(mode === "test" ? "createKey.modeTest" : "createKey.modeLive")}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("createKey.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {t("createKey.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
