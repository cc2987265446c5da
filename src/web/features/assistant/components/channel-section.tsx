import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InstagramChannel,
  type SaveInstagramChannel,
  type SaveInstagramChannelInput,
  SaveInstagramChannelSchema,
  type SaveWhatsAppChannel,
  type SaveWhatsAppChannelInput,
  SaveWhatsAppChannelSchema,
  type WhatsAppChannel,
} from "@shared/assistant-channels";
import { type UseMutationResult, type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { AtSign, type LucideIcon, MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import { type FieldValues, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import { instagramChannelQueryOptions, useInstagramChannelMutations } from "../instagram-api";
import {
  useRemoveWhatsAppChannel,
  useSaveWhatsAppChannel,
  whatsappChannelQueryOptions,
} from "../whatsapp-api";
import {
  ConnectionTest,
  CopyValue,
  GuideStep,
  MetaLink,
  newVerifyToken,
  VerifyTokenValue,
} from "./channel-guide";
import {
  ChannelLoading,
  type ChannelPrefix,
  RemoveChannelButton,
  SecretField,
} from "./channel-parts";
import { isPlanRequired, PlanRequiredNotice } from "./plan-notice";

type Texts = TFunction<"assistant">;
const SECRETS = ["accessToken", "appSecret", "verifyToken"] as const;
type Secrets = Record<(typeof SECRETS)[number], string>;
type ChannelView = Record<`${(typeof SECRETS)[number]}Set`, boolean> & {
  configured: boolean;
  webhookUrl: string;
};

/** A field of the form that is not a secret (the account id, WhatsApp's template). */
type PlainField<Input> = {
  name: Path<Input>;
  label: (t: Texts) => string;
  hint?: (t: Texts) => string;
  placeholder?: (t: Texts) => string;
  inputMode?: "numeric";
};

/** What one channel's card is made of (WHATSAPP, INSTAGRAM below). */
type ChannelCard<View extends ChannelView, Input extends FieldValues & Secrets, Output> = {
  prefix: ChannelPrefix;
  Icon: LucideIcon;
  useChannel: () => UseQueryResult<View>;
  useMutations: () => {
    save: UseMutationResult<View, Error, Output>;
    remove: UseMutationResult<View, Error, void>;
  };
  schema: z.ZodType<Output, Input>;
  values: (channel: View) => Input;
  /** The texts the channel's schema errors are, translated in `<prefix>.errors`; else null. */
  error: (t: Texts, message: string) => string | null;
  secretLabel: (t: Texts, name: (typeof SECRETS)[number]) => string;
  /** Step 2's field (the account id); `more`, optional fields saved in step 5. */
  account: PlainField<Input>;
  more?: PlainField<Input>[];
  /** Where step 2 finds the id in Meta's tools, when not in the app's own dashboard. */
  idTool?: { href: string; label: (t: Texts) => string };
};

const META_APPS = "https://developers.facebook.com/apps";
const META_SYSTEM_USERS = "https://business.facebook.com/settings/system-users";

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

/** The schema's Instagram messages, translated in this feature's `instagram.errors`. */
const INSTAGRAM_ERRORS = [
  "instagram_account_id_invalid",
  "instagram_account_id_taken",
  "instagram_secret_invalid",
  "instagram_secret_required",
] as const;

const isOneOf = <T extends string>(list: readonly T[], key: string): key is T =>
  (list as readonly string[]).includes(key);

const WHATSAPP: ChannelCard<WhatsAppChannel, SaveWhatsAppChannelInput, SaveWhatsAppChannel> = {
  prefix: "whatsapp",
  Icon: MessageCircle,
  useChannel: () => useQuery(whatsappChannelQueryOptions()),
  useMutations: () => ({ save: useSaveWhatsAppChannel(), remove: useRemoveWhatsAppChannel() }),
  schema: SaveWhatsAppChannelSchema,
  values: (channel) => ({
    phoneNumberId: channel.phoneNumberId,
    accessToken: "",
    appSecret: "",
    verifyToken: "",
    templateName: channel.templateName,
    templateLanguage: channel.templateLanguage,
  }),
  error: (t, message) =>
    isOneOf(WHATSAPP_ERRORS, message) ? t(`whatsapp.errors.${message}`) : null,
  secretLabel: (t, name) => t(`whatsapp.fields.${name}`),
  account: {
    name: "phoneNumberId",
    label: (t) => t("whatsapp.fields.phoneNumberId"),
    hint: (t) => t("whatsapp.phoneNumberIdHint"),
    inputMode: "numeric",
  },
  more: [
    {
      name: "templateName",
      label: (t) => t("whatsapp.fields.templateName"),
      hint: (t) => t("whatsapp.templateHint"),
      placeholder: (t) => t("whatsapp.templateNamePlaceholder"),
    },
    {
      name: "templateLanguage",
      label: (t) => t("whatsapp.fields.templateLanguage"),
      placeholder: () => "pt_BR",
    },
  ],
};

const INSTAGRAM: ChannelCard<InstagramChannel, SaveInstagramChannelInput, SaveInstagramChannel> = {
  prefix: "instagram",
  Icon: AtSign,
  useChannel: () => useQuery(instagramChannelQueryOptions()),
  useMutations: useInstagramChannelMutations,
  schema: SaveInstagramChannelSchema,
  values: (channel) => ({
    accountId: channel.accountId,
    accessToken: "",
    appSecret: "",
    verifyToken: "",
  }),
  error: (t, message) =>
    isOneOf(INSTAGRAM_ERRORS, message) ? t(`instagram.errors.${message}`) : null,
  secretLabel: (t, name) => t(`instagram.fields.${name}`),
  account: {
    name: "accountId",
    label: (t) => t("instagram.fields.accountId"),
    hint: (t) => t("instagram.accountIdHint"),
    inputMode: "numeric",
  },
  idTool: {
    href: "https://developers.facebook.com/tools/explorer",
    label: (t) => t("guide.openExplorer"),
  },
};

/**
 * /ia-suprema's card of a messaging channel (issue 20, point 5): its credentials (secrets never
 * come back: a saved one shows "configurado" and stays when left empty; WhatsApp also has its
 * approved template), the webhook URL to paste into Meta with a copy button, save and remove. It
 * reads and writes `/api/assistant/<channel>` itself. `available`: whether the plan includes IA
 * Suprema today; saving needs it (403 assistant_plan_required), which the save step says.
 */
export function ChannelSection({
  channel,
  available = true,
}: {
  channel: ChannelPrefix;
  available?: boolean;
}) {
  return channel === "whatsapp" ? (
    <ChannelCardView card={WHATSAPP} available={available} />
  ) : (
    <ChannelCardView card={INSTAGRAM} available={available} />
  );
}

function ChannelCardView<View extends ChannelView, Input extends FieldValues & Secrets, Output>({
  card,
  available,
}: {
  card: ChannelCard<View, Input, Output>;
  available: boolean;
}) {
  const query = card.useChannel();
  if (query.data) return <ChannelForm card={card} channel={query.data} available={available} />;
  return (
    <ChannelLoading
      prefix={card.prefix}
      isError={query.isError}
      retry={() => void query.refetch()}
    />
  );
}

function ChannelForm<View extends ChannelView, Input extends FieldValues & Secrets, Output>({
  card,
  channel,
  available,
}: {
  card: ChannelCard<View, Input, Output>;
  channel: View;
  available: boolean;
}) {
  const { t } = useTranslation("assistant");
  const id = useId();
  const { prefix, Icon } = card;
  const { save, remove } = card.useMutations();
  // Meta's webhook needs the same verify token here and there: one is made for the owner (kept
  // on this page to copy once saved); a saved one is never read back, so another can be made.
  const [verifyToken, setVerifyToken] = useState(() =>
    channel.verifyTokenSet ? "" : newVerifyToken(),
  );
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(card.schema),
    values: { ...card.values(channel), verifyToken },
    reValidateMode: "onSubmit",
  });

  const error = (name: Path<Input>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (!message) return undefined;
    return card.error(t, message) ?? validationMessage(message);
  };
  const register = (name: Path<Input>) =>
    form.register(name, { onChange: () => form.clearErrors(name) });
  // Every channel's form holds the three secrets (`Input extends Secrets`).
  const secretPath = (name: (typeof SECRETS)[number]) => name as Path<Input>;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t(`${prefix}.saved`)),
      onError: (e) => {
        applyServerFieldErrors(form, e);
        // Outside the plan the cause is the plan, not the form (the notice by the button says so).
        toast.error(isPlanRequired(e) ? t("planNotice.saveRefused") : t(`${prefix}.saveError`), {
          description: errorMessage(e),
        });
      },
    }),
  );

  const plain = (field: PlainField<Input>) => {
    const fieldId = `${id}-${field.name}`;
    const message = error(field.name);
    const hint = field.hint?.(t);
    return (
      <Field key={field.name} id={fieldId} label={field.label(t)} hint={hint} error={message}>
        <Input
          {...fieldAria(fieldId, { hint: !!hint && !message, error: message })}
          {...register(field.name)}
          inputMode={field.inputMode}
          placeholder={field.placeholder?.(t)}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    );
  };
  const secret = (name: "accessToken" | "appSecret") => (
    <SecretField
      prefix={prefix}
      id={`${id}-${name}`}
      label={card.secretLabel(t, name)}
      isSet={channel[`${name}Set`] === true}
      error={error(secretPath(name))}
      registration={register(secretPath(name))}
    />
  );
  const step = (key: "app" | "id" | "token" | "secret" | "save" | "webhook") => ({
    title: t(`guide.${prefix}.steps.${key}.title`),
    text: t(`guide.${prefix}.steps.${key}.text`),
  });
  const verifyError = error(secretPath("verifyToken"));
  const planMissing = !available || isPlanRequired(save.error);

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
        <Icon aria-hidden="true" className="size-4 text-primary" />
        <span className="font-medium">
          {channel.configured ? t(`${prefix}.connected`) : t(`${prefix}.notConnected`)}
        </span>
      </p>
      <p className="text-muted-foreground text-sm">{t("guide.later")}</p>

      <ol aria-label={t("guide.stepsLabel")} className="grid min-w-0 gap-6">
        <GuideStep number={1} {...step("app")}>
          <MetaLink href={META_APPS}>{t("guide.openMeta")}</MetaLink>
        </GuideStep>
        <GuideStep number={2} {...step("id")}>
          {card.idTool ? <MetaLink href={card.idTool.href}>{card.idTool.label(t)}</MetaLink> : null}
          <div className="max-w-sm">{plain(card.account)}</div>
        </GuideStep>
        <GuideStep number={3} {...step("token")}>
          <MetaLink href={META_SYSTEM_USERS}>{t("guide.openBusiness")}</MetaLink>
          <div className="max-w-sm">{secret("accessToken")}</div>
          <ConnectionTest
            prefix={prefix}
            read={() => ({
              nodeId: String(form.getValues(card.account.name) ?? ""),
              accessToken: String(form.getValues(secretPath("accessToken")) ?? ""),
            })}
          />
        </GuideStep>
        <GuideStep number={4} {...step("secret")}>
          <div className="max-w-sm">{secret("appSecret")}</div>
        </GuideStep>
        <GuideStep number={5} {...step("save")}>
          {card.more ? (
            <div className="grid min-w-0 gap-4 sm:grid-cols-2">{card.more.map(plain)}</div>
          ) : null}
          {planMissing ? (
            <PlanRequiredNotice id={`${id}-plan`} texts={[t("planNotice.save")]} />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={save.isPending}
              aria-describedby={planMissing ? `${id}-plan` : undefined}
            >
              {t(`${prefix}.save`)}
            </Button>
            {channel.configured ? (
              <RemoveChannelButton
                prefix={prefix}
                pending={remove.isPending}
                remove={() => remove.mutateAsync()}
              />
            ) : null}
          </div>
        </GuideStep>
        <GuideStep number={6} {...step("webhook")}>
          <CopyValue
            label={t("guide.webhookUrl")}
            value={channel.webhookUrl}
            testId={`${prefix}-webhook-url`}
          />
          <VerifyTokenValue
            token={verifyToken}
            isSet={channel.verifyTokenSet}
            onNew={() => setVerifyToken(newVerifyToken())}
          />
          {verifyError ? (
            <p role="alert" className="font-medium text-destructive text-sm">
              {verifyError}
            </p>
          ) : null}
        </GuideStep>
      </ol>
    </form>
  );
}
