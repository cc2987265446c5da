import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Copy, MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  type SaveWhatsAppChannel,
  type SaveWhatsAppChannelInput,
  SaveWhatsAppChannelSchema,
  type WhatsAppChannel,
} from "@/shared/assistant.schema";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import {
  useRemoveWhatsAppChannel,
  useSaveWhatsAppChannel,
  whatsappChannelQueryOptions,
} from "../whatsapp-api";

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
  const { t } = useTranslation("assistant");
  const query = useQuery(whatsappChannelQueryOptions());
  if (query.data) return <WhatsAppChannelForm channel={query.data} />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {t("whatsapp.loadError")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("whatsapp.retry")}
        </Button>
      </div>
    );
  }
  return <Spinner />;
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
  const [confirming, setConfirming] = useState(false);
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

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(channel.webhookUrl);
      toast.success(t("whatsapp.copied"));
    } catch {
      toast.error(t("whatsapp.copyError"));
    }
  };

  const confirmRemove = () => {
    setConfirming(false);
    return remove.mutateAsync().then(
      () => toast.success(t("whatsapp.removed")),
      (e: unknown) => toast.error(t("whatsapp.removeError"), { description: errorMessage(e) }),
    );
  };

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

  const secret = (name: SecretName) => {
    const fieldId = `${id}-${name}`;
    const message = error(name);
    const isSet = channel[SECRET_SET[name]] === true;
    const hint = isSet ? t("whatsapp.keepHint") : undefined;
    return (
      <Field
        id={fieldId}
        label={
          <span className="flex flex-wrap items-center gap-2">
            {t(`whatsapp.fields.${name}`)}
            {isSet ? (
              <span className="inline-flex items-center gap-1 font-normal text-emerald-700 text-xs dark:text-emerald-300">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                {t("whatsapp.configured")}
              </span>
            ) : null}
          </span>
        }
        hint={hint}
        error={message}
      >
        <PasswordInput
          {...fieldAria(fieldId, { hint: !!hint && !message, error: message })}
          {...form.register(name, { onChange: () => form.clearErrors(name) })}
          placeholder={isSet ? t("whatsapp.configured") : undefined}
          autoComplete="new-password"
          spellCheck={false}
          showLabel={t("whatsapp.show")}
          hideLabel={t("whatsapp.hide")}
        />
      </Field>
    );
  };

  const webhookId = `${id}-webhook`;

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

      <div className="grid min-w-0 gap-2">
        <p id={webhookId} className="font-medium text-sm">
          {t("whatsapp.webhookUrl")}
        </p>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 break-all rounded-md bg-muted p-2 font-mono text-xs"
            data-testid="whatsapp-webhook-url"
          >
            {channel.webhookUrl}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t("whatsapp.copy")}
          </Button>
        </div>
        <p className="text-muted-foreground text-xs">{t("whatsapp.webhookHint")}</p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t("whatsapp.save")}
        </Button>
        {channel.configured ? (
          <AlertDialog open={confirming} onOpenChange={setConfirming}>
            <AlertDialogTrigger asChild>
              <Button type="button" variant="outline" disabled={remove.isPending}>
                {t("whatsapp.remove")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>{t("whatsapp.removeTitle")}</AlertDialogTitle>
              <AlertDialogDescription>{t("whatsapp.removeBody")}</AlertDialogDescription>
              <AlertDialogFooter>
                <AlertDialogCancel asChild>
                  <Button type="button" variant="outline">
                    {t("whatsapp.removeCancel")}
                  </Button>
                </AlertDialogCancel>
                <Button
                  type="button"
                  variant="destructive"
                  onClick={() => void confirmRemove()}
                  disabled={remove.isPending}
                >
                  {t("whatsapp.removeConfirm")}
                </Button>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        ) : null}
      </div>
    </form>
  );
}
