import type { WhatsAppMessage } from "@shared/assistant-channels";
import { Bot, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ReplyBox } from "@/web/components/reply-box";
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
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { fieldAria } from "@/web/lib/form";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";

/**
 * What the messaging channels' cards on /ia-suprema share (WhatsApp and Instagram): a secret
 * field that never shows the saved value, the remove button with its confirmation, and a conversation's messages. Texts come from the channel's object in
 * the `assistant` namespace (`whatsapp.*` or `instagram.*`, the same keys).
 */
export type ChannelPrefix = "whatsapp" | "instagram";

/** The channel's query: its form once loaded, an error with a retry, or a spinner. */
export function ChannelLoading({
  prefix,
  isError,
  retry,
}: {
  prefix: ChannelPrefix;
  isError: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation("assistant");
  if (!isError) return <Spinner />;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
      {t(`${prefix}.loadError`)}
      <Button type="button" variant="outline" size="sm" onClick={retry}>
        {t(`${prefix}.retry`)}
      </Button>
    </div>
  );
}

/** A secret: "configurado" when saved (left empty keeps it), never its value. */
export function SecretField({
  prefix,
  id,
  label,
  isSet,
  error,
  registration,
}: {
  prefix: ChannelPrefix;
  id: string;
  label: string;
  isSet: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation("assistant");
  const hint = isSet ? t(`${prefix}.keepHint`) : undefined;
  return (
    <Field
      id={id}
      label={
        <span className="flex flex-wrap items-center gap-2">
          {label}
          {isSet ? (
            <span className="inline-flex items-center gap-1 font-normal text-emerald-700 text-xs dark:text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              {t(`${prefix}.configured`)}
            </span>
          ) : null}
        </span>
      }
      hint={hint}
      error={error}
    >
      <PasswordInput
        {...fieldAria(id, { hint: !!hint && !error, error })}
        {...registration}
        placeholder={isSet ? t(`${prefix}.configured`) : undefined}
        autoComplete="new-password"
        spellCheck={false}
        showLabel={t(`${prefix}.show`)}
        hideLabel={t(`${prefix}.hide`)}
      />
    </Field>
  );
}

/** 'Remover', confirmed in a dialog; the toasts say how it went. */
export function RemoveChannelButton({
  prefix,
  pending,
  remove,
}: {
  prefix: ChannelPrefix;
  pending: boolean;
  remove: () => Promise<unknown>;
}) {
  const { t } = useTranslation("assistant");
  const [confirming, setConfirming] = useState(false);
  const confirm = () => {
    setConfirming(false);
    return remove().then(
      () => toast.success(t(`${prefix}.removed`)),
      (e: unknown) => toast.error(t(`${prefix}.removeError`), { description: errorMessage(e) }),
    );
  };
  return (
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {t(`${prefix}.remove`)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t(`${prefix}.removeTitle`)}</AlertDialogTitle>
        <AlertDialogDescription>{t(`${prefix}.removeBody`)}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {t(`${prefix}.removeCancel`)}
            </Button>
          </AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            onClick={() => void confirm()}
            disabled={pending}
          >
            {t(`${prefix}.removeConfirm`)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A conversation's newest messages, oldest first: theirs on the left, the company's right. */
export function ChannelMessages({ messages }: { messages: WhatsAppMessage[] }) {
  const { t } = useTranslation("assistant");
  return (
    <ol className="grid max-h-72 gap-2 overflow-y-auto">
      {messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            "grid max-w-[85%] gap-1 rounded-lg px-3 py-2",
            m.direction === "in" ? "justify-self-start bg-muted" : "justify-self-end bg-primary/10",
          )}
        >
          <p className="whitespace-pre-line break-words">{m.body}</p>
          <p className="flex flex-wrap items-center gap-1 text-muted-foreground text-xs">
            {m.direction === "out" ? <Bot aria-hidden="true" className="size-3" /> : null}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            {" · "}
            {t(`conversations.statuses.${m.status}` as "conversations.statuses.sent", {
              defaultValue: m.status,
            })}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * One conversation of a channel's inbox: who, a detail line, what waits for a person, the newest
 * messages, and 'Responder' (when the channel still lets a person answer). `onSend` resolves once
 * the answer was handled (the box closes) or rejects (the text stays).
 */
export function ConversationCard({
  who,
  detail,
  pending,
  messages,
  replyLabel,
  canReply = true,
  sending,
  onSend,
}: {
  who: string;
  detail: string;
  pending: number;
  messages: WhatsAppMessage[];
  replyLabel: string;
  canReply?: boolean;
  sending: boolean;
  onSend: (body: string) => Promise<unknown>;
}) {
  const { t } = useTranslation("assistant");
  const [replying, setReplying] = useState(false);
  return (
    <li aria-label={who} className="grid min-w-0 gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{who}</p>
          <p className="truncate text-muted-foreground text-xs">{detail}</p>
        </div>
        {pending > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs dark:bg-amber-900/40 dark:text-amber-100">
            {t("conversations.pending", { count: pending })}
          </span>
        ) : null}
      </div>
      <ChannelMessages messages={messages} />
      {replying ? (
        <ReplyBox
          label={replyLabel}
          placeholder={t("conversations.placeholder")}
          sendLabel={t("conversations.send")}
          cancelLabel={t("conversations.cancel")}
          pending={sending}
          onSend={(body) => onSend(body).then(() => setReplying(false))}
          onCancel={() => setReplying(false)}
        />
      ) : canReply ? (
        <div className="flex justify-end">
          <Button type="button" variant="outline" size="sm" onClick={() => setReplying(true)}>
            {t("conversations.reply")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
