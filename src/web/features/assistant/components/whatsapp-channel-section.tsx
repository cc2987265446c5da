import { zodResolver } from "@hookform/resolvers/zod";
import {
  type SaveWhatsAppChannel,
  type SaveWhatsAppChannelInput,
  SaveWhatsAppChannelSchema,
  type WhatsAppChannel,
} from "@shared/assistant.schema";
import { useQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import {
  useRemoveWhatsAppChannel,
  useSaveWhatsAppChannel,
  whatsappChannelQueryOptions,
} from "../whatsapp-api";
import { ChannelLoading, RemoveChannelButton, SecretField, WebhookUrl } from "./channel-parts";

/** The schema's WhatsApp messages, translated in this feature's `whatsapp.errors`. */
const WHATSAPP_ERRORS = [
  "whatsapp_phone_number_id_invalid",
  "whatsapp_phone_number_id_taken",
  "whatsapp_secret_invalid",
  "whatsapp_secret_required",
  "whatsapp_template_name_invalid",
  "whatsapp_template_language_invalid",
  "whatsapp_template_language_required",
] as const;
type WhatsAppError = (typeof WHATSAPP_ERRORS)[number];
const isWhatsAppError = (key: string): key is WhatsAppError =>
  (WHATSAPP_ERRORS as readonly string[]).includes(key);

type SecretName = "accessToken" | "appSecret" | "verifyToken";
const SECRET_SET: Record<SecretName, keyof WhatsAppChannel> = {
  accessToken: "accessTokenSet",
  appSecret: "appSecretSet",
  verifyToken: "verifyTokenSet",
};

/**
 * /ia-suprema's WhatsApp card (issue 20, point 5): the WhatsApp Business Cloud API credentials
 * (secrets never come back: a saved one shows "configurado" and stays when left empty), the
 * webhook URL to paste into Meta with a copy button, save and remove. No props: it reads and
 * writes `/api/assistant/whatsapp` itself.
 */
export function WhatsAppChannelSection() {
  const query = useQuery(whatsappChannelQueryOptions());
  if (query.data) return <WhatsAppChannelForm channel={query.data} />;
  return (
    <ChannelLoading prefix="whatsapp" isError={query.isError} retry={() => void query.refetch()} />
  );
}

const formValues = (channel: WhatsAppChannel): SaveWhatsAppChannelInput => ({
  phoneNumberId: channel.phoneNumberId,
  accessToken: "",
  appSecret: "",
  verifyToken: "",
  templateName: channel.templateName,
  templateLanguage: channel.templateLanguage,
});

function WhatsAppChannelForm({ channel }: { channel: WhatsAppChannel }) {
  const { t } = useTranslation("assistant");
  const id = useId();
  const save = useSaveWhatsAppChannel();
  const remove = useRemoveWhatsAppChannel();
  const form = useForm<SaveWhatsAppChannelInput, unknown, SaveWhatsAppChannel>({
    resolver: zodResolver(SaveWhatsAppChannelSchema),
    values: formValues(channel),
    reValidateMode: "onSubmit",
  });

  const error = (name: Path<SaveWhatsAppChannelInput>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (!message) return undefined;
    return isWhatsAppError(message) ? t(`whatsapp.errors.${message}`) : validationMessage(message);
  };

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t("whatsapp.saved")),
      onError: (e) => {
        applyServerFieldErrors(form, e);
        toast.error(t("whatsapp.saveError"), { description: errorMessage(e) });
      },
    }),
  );

  const plain = (
    name: "phoneNumberId" | "templateName" | "templateLanguage",
    options: { hint?: string; inputMode?: "numeric"; placeholder?: string } = {},
  ) => {
    const fieldId = `${id}-${name}`;
    const message = error(name);
    return (
      <Field id={fieldId} label={t(`whatsapp.fields.${name}`)} hint={options.hint} error={message}>
        <Input
          {...fieldAria(fieldId, { hint: !!options.hint && !message, error: message })}
          {...form.register(name, { onChange: () => form.clearErrors(name) })}
          inputMode={options.inputMode}
          placeholder={options.placeholder}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    );
  };

  const secret = (name: SecretName) => (
    <SecretField
      prefix="whatsapp"
      id={`${id}-${name}`}
      label={t(`whatsapp.fields.${name}`)}
      isSet={channel[SECRET_SET[name]] === true}
      error={error(name)}
      registration={form.register(name, { onChange: () => form.clearErrors(name) })}
    />
  );

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
        <MessageCircle aria-hidden="true" className="size-4 text-primary" />
        <span className="font-medium">
          {channel.configured ? t("whatsapp.connected") : t("whatsapp.notConnected")}
        </span>
      </p>
      <p className="text-muted-foreground text-sm">{t("whatsapp.intro")}</p>

      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        {plain("phoneNumberId", { hint: t("whatsapp.phoneNumberIdHint"), inputMode: "numeric" })}
        {secret("accessToken")}
        {secret("appSecret")}
        {secret("verifyToken")}
      </div>

      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        {plain("templateName", {
          hint: t("whatsapp.templateHint"),
          placeholder: t("whatsapp.templateNamePlaceholder"),
        })}
        {plain("templateLanguage", { placeholder: "pt_BR" })}
      </div>

      <WebhookUrl prefix="whatsapp" id={`${id}-webhook`} url={channel.webhookUrl} />

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t("whatsapp.save")}
        </Button>
        {channel.configured ? (
          <RemoveChannelButton
            prefix="whatsapp"
            pending={remove.isPending}
            remove={() => remove.mutateAsync()}
          />
        ) : null}
      </div>
    </form>
  );
}
