import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InstagramChannel,
  type SaveInstagramChannel,
  type SaveInstagramChannelInput,
  SaveInstagramChannelSchema,
} from "@shared/assistant.schema";
import { useQuery } from "@tanstack/react-query";
import { AtSign } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import { instagramChannelQueryOptions, useInstagramChannelMutations } from "../instagram-api";
import { ChannelLoading, RemoveChannelButton, SecretField, WebhookUrl } from "./channel-parts";

/** The schema's Instagram messages, translated in this feature's `instagram.errors`. */
const INSTAGRAM_ERRORS = [
  "instagram_account_id_invalid",
  "instagram_account_id_taken",
  "instagram_secret_invalid",
  "instagram_secret_required",
] as const;
type InstagramError = (typeof INSTAGRAM_ERRORS)[number];
const isInstagramError = (key: string): key is InstagramError =>
  (INSTAGRAM_ERRORS as readonly string[]).includes(key);

const SECRETS = ["accessToken", "appSecret", "verifyToken"] as const;

/**
 * /ia-suprema's Instagram card (issue 20, point 5): the Instagram messaging credentials (secrets
 * never come back: a saved one shows "configurado" and stays when left empty), the webhook URL to
 * paste into Meta with a copy button, save and remove. It reads and writes
 * `/api/assistant/instagram` itself.
 */
export function InstagramChannelSection() {
  const query = useQuery(instagramChannelQueryOptions());
  if (query.data) return <InstagramChannelForm channel={query.data} />;
  return (
    <ChannelLoading prefix="instagram" isError={query.isError} retry={() => void query.refetch()} />
  );
}

function InstagramChannelForm({ channel }: { channel: InstagramChannel }) {
  const { t } = useTranslation("assistant");
  const id = useId();
  const { save, remove } = useInstagramChannelMutations();
  const form = useForm<SaveInstagramChannelInput, unknown, SaveInstagramChannel>({
    resolver: zodResolver(SaveInstagramChannelSchema),
    values: { accountId: channel.accountId, accessToken: "", appSecret: "", verifyToken: "" },
    reValidateMode: "onSubmit",
  });

  const error = (name: keyof SaveInstagramChannelInput) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (!message) return undefined;
    return isInstagramError(message)
      ? t(`instagram.errors.${message}`)
      : validationMessage(message);
  };
  const register = (name: keyof SaveInstagramChannelInput) =>
    form.register(name, { onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t("instagram.saved")),
      onError: (e) => {
        applyServerFieldErrors(form, e);
        toast.error(t("instagram.saveError"), { description: errorMessage(e) });
      },
    }),
  );

  const accountId = `${id}-accountId`;
  const accountError = error("accountId");
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      className="grid min-w-0 gap-4"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <AtSign aria-hidden="true" className="size-4 text-primary" />
        <span className="font-medium">
          {channel.configured ? t("instagram.connected") : t("instagram.notConnected")}
        </span>
      </p>
      <p className="text-muted-foreground text-sm">{t("instagram.intro")}</p>

      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        <Field
          id={accountId}
          label={t("instagram.fields.accountId")}
          hint={t("instagram.accountIdHint")}
          error={accountError}
        >
          <Input
            {...fieldAria(accountId, { hint: !accountError, error: accountError })}
            {...register("accountId")}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        {SECRETS.map((name) => (
          <SecretField
            key={name}
            prefix="instagram"
            id={`${id}-${name}`}
            label={t(`instagram.fields.${name}`)}
            isSet={channel[`${name}Set`]}
            error={error(name)}
            registration={register(name)}
          />
        ))}
      </div>

      <WebhookUrl prefix="instagram" id={`${id}-webhook`} url={channel.webhookUrl} />

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t("instagram.save")}
        </Button>
        {channel.configured ? (
          <RemoveChannelButton
            prefix="instagram"
            pending={remove.isPending}
            remove={() => remove.mutateAsync()}
          />
        ) : null}
      </div>
    </form>
  );
}
