import { zodResolver } from "@hookform/resolvers/zod";
import {
  PARTNERSHIP_MESSAGE_MAX,
  type PartnerMessage,
  type PartnerMessageInput,
  PartnerMessageInputSchema,
  type Partnership,
} from "@shared/partnerships.schema";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { Lock, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CharacterCount } from "@/web/components/character-count";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { partnerThreadQueryOptions, useSendPartnerMessage } from "../api";
import { PartnerAvatar, place } from "./partner-avatar";
import { RequestStatusBadge } from "./partnership-requests";

/**
 * One partnership's conversation: the proposal, then the messages oldest first (own ones on the
 * right, marked 'nova' until the partner opens them, then 'lida'), asked again every 2 seconds
 * while open. Writable while the partnership is active; a pending request carries only its
 * proposal, and there (as after the end) a note replaces the composer.
 */
export function PartnerChat({ id }: { id: string }) {
  const { t } = useTranslation("partnerships");
  const thread = useQuery(partnerThreadQueryOptions(id));
  const messages = thread.data?.messages ?? [];
  const partnership = thread.data?.partnership;
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  // The newest message in view.
  useEffect(() => {
    if (last && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [last]);

  if (thread.isPending) return <Spinner label={t("chat.loading")} />;
  if (thread.isError && !thread.data)
    return (
      <p role="alert" className="p-4 text-destructive text-sm">
        {thread.error instanceof ApiError && thread.error.status === 404
          ? t("chat.notFound")
          : t("chat.threadError")}
      </p>
    );
  if (!partnership) return null;
  const name = partnership.partner.name;

  return (
    <section aria-label={t("chat.with", { name })} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex min-w-0 items-center gap-3 border-b p-3">
        <PartnerAvatar
          name={name}
          logoUrl={partnership.partner.logoUrl}
          className="size-9 text-sm"
        />
        <div className="grid min-w-0 flex-1">
          <h2 className="truncate font-semibold">{name}</h2>
          <p className="truncate text-muted-foreground text-xs">
            {[
              place(partnership.partner.city, partnership.partner.state),
              t(`states.${partnership.state}`),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto p-3">
        <Proposal partnership={partnership} />
        {messages.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">{t("chat.noMessages")}</p>
        ) : (
          <ol
            role="log"
            aria-live="polite"
            aria-label={t("chat.messagesLabel", { name })}
            className="grid gap-2 pt-3"
          >
            {messages.map((message) => (
              <ChatMessage key={message.id} message={message} partnerName={name} />
            ))}
          </ol>
        )}
      </div>
      {partnership.writable ? (
        <Composer id={id} />
      ) : (
        <p
          role="note"
          data-testid="chat-read-only"
          className="flex items-start gap-2 border-t bg-muted/50 p-3 text-muted-foreground text-sm"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {readOnlyNote(partnership, t)}
        </p>
      )}
    </section>
  );
}

/** Why the conversation takes no message: pending (only the proposal so far), or closed. */
function readOnlyNote(partnership: Partnership, t: TFunction<"partnerships">): string {
  const name = partnership.partner.name;
  switch (partnership.state) {
    case "pending":
      return partnership.requestedByMe
        ? t("chat.readOnly.pendingSent", { name })
        : t("chat.readOnly.pendingReceived", { name });
    case "declined":
    case "cancelled":
      return t(`chat.readOnly.${partnership.state}`);
    default:
      return t("chat.readOnly.ended");
  }
}

function Proposal({ partnership }: { partnership: Partnership }) {
  const { t } = useTranslation("partnerships");
  const name = partnership.partner.name;
  return (
    <div className="grid gap-1 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {partnership.requestedByMe
            ? t("chat.requestedByMe")
            : t("chat.requestedByPartner", { name })}
        </p>
        <RequestStatusBadge status={partnership.requestStatus} />
      </div>
      <p className="whitespace-pre-wrap break-words">{partnership.proposal}</p>
      <p className="text-muted-foreground text-xs">{formatDateTime(partnership.createdAt)}</p>
    </div>
  );
}

function ChatMessage({ message, partnerName }: { message: PartnerMessage; partnerName: string }) {
  const { t } = useTranslation("partnerships");
  const own = message.fromMe;
  return (
    <li
      data-testid="chat-message"
      data-own={own || undefined}
      className={cn("flex min-w-0", own ? "justify-end" : "justify-start")}
    >
      <div
        className={cn(
          "grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 text-sm",
          own ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
        )}
      >
        <span className="sr-only">{own ? t("chat.you") : partnerName}: </span>
        <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{message.body}</p>
        <p
          className={cn(
            "flex items-center justify-end gap-2 text-[11px]",
            own ? "text-primary-foreground/80" : "text-muted-foreground",
          )}
        >
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {own ? (
            <span data-testid="message-read-state">
              {message.readAt ? t("chat.read") : t("chat.new")}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** Enter sends, Shift+Enter adds a line; blank text is never sent (the button stays disabled). */
function Composer({ id }: { id: string }) {
  const { t } = useTranslation("partnerships");
  const fieldId = useId();
  const send = useSendPartnerMessage(id);
  const form = useForm<PartnerMessageInput>({
    resolver: zodResolver(PartnerMessageInputSchema),
    defaultValues: { body: "" },
    reValidateMode: "onSubmit",
  });
  const length = form.watch("body").trim().length;
  const tooLong = length > PARTNERSHIP_MESSAGE_MAX;
  const blocked = length === 0 || tooLong || send.isPending;

  const submit = form.handleSubmit((input) => {
    if (send.isPending) return;
    return send.mutateAsync(input).then(
      () => form.reset({ body: "" }),
      (error: unknown) => toast.error(t("chat.sendError"), { description: errorMessage(error) }),
    );
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blocked) void submit();
  };

  return (
    <form className="grid gap-1 border-t p-3" onSubmit={submit} noValidate>
      <Label htmlFor={fieldId} className="sr-only">
        {t("chat.composer")}
      </Label>
      <div className="flex items-end gap-2">
        <Textarea
          id={fieldId}
          rows={2}
          placeholder={t("chat.placeholder")}
          aria-describedby={`${fieldId}-hint ${fieldId}-count`}
          aria-invalid={tooLong || undefined}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11 flex-1"
          {...form.register("body")}
        />
        <Button type="submit" size="icon" aria-label={t("chat.send")} disabled={blocked}>
          {send.isPending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
        <p id={`${fieldId}-hint`}>{t("chat.hint")}</p>
        <CharacterCount id={`${fieldId}-count`} count={length} max={PARTNERSHIP_MESSAGE_MAX} />
      </div>
    </form>
  );
}
