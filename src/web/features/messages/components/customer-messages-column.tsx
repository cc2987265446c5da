import { type InboxMessage, preview } from "@shared/messages.schema";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { InboxColumn, InboxList, InboxStatus } from "@/web/components/inbox-column";
import { ReplyBox } from "@/web/components/reply-box";
import { Button } from "@/web/components/ui/button";
import { formatDateTime } from "@/web/lib/format";
import { inboxQueryOptions, useReplyToMessage } from "../api";

/** /mensagens 'customers': their messages newest first (80-character previews), answered here. */
export function CustomerMessagesColumn({
  renderActions,
}: {
  /** More actions per message, composed by the route (IA Suprema's 'Assumir conversa'). */
  renderActions?: (message: InboxMessage) => ReactNode;
} = {}) {
  const { t } = useTranslation("messages");
  const inbox = useQuery(inboxQueryOptions());
  const items = inbox.data ?? [];
  const pending = items.filter((m) => m.status === "pending").length;

  useEffect(() => {
    if (inbox.isError) toast.error(t("customers.loadError"));
  }, [inbox.isError, t]);

  return (
    <InboxColumn
      title={t("customers.title")}
      icon={Users}
      pending={pending}
      pendingLabel={t("customers.pending", { count: pending })}
    >
      <InboxList
        query={inbox}
        items={items}
        loadError={t("customers.loadError")}
        empty={t("customers.empty")}
        listLabel={t("customers.listLabel")}
      >
        {(message) => (
          <CustomerMessageItem
            key={message.id}
            message={message}
            actions={renderActions?.(message)}
          />
        )}
      </InboxList>
    </InboxColumn>
  );
}

function CustomerMessageItem({ message, actions }: { message: InboxMessage; actions?: ReactNode }) {
  const { t } = useTranslation("messages");
  const [replying, setReplying] = useState(false);
  const reply = useReplyToMessage();
  const pending = message.status === "pending";
  const shortened = preview(message.body);

  const send = (body: string) =>
    reply.mutateAsync({ messageId: message.id, body }).then(
      () => {
        toast.success(t("reply.sent"));
        setReplying(false);
      },
      (error: unknown) => {
        toast.error(t("reply.error"));
        throw error;
      },
    );

  return (
    <li aria-label={message.customerName} className="grid gap-1 py-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{message.customerName}</p>
          <p className="truncate text-muted-foreground text-xs">{message.customerEmail}</p>
        </div>
        <InboxStatus pending={pending} label={t(`status.${message.status}`)} />
      </div>
      <p className="break-words" title={shortened !== message.body ? message.body : undefined}>
        {shortened}
      </p>
      {message.answer ? (
        <p className="break-words text-muted-foreground">
          <strong className="font-semibold">
            {message.answer.assistantName
              ? `${t("assistant.by", { name: message.answer.assistantName })} · ${t("assistant.automatic")}: `
              : t("reply.prefix")}
          </strong>
          {preview(message.answer.body)}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <time dateTime={message.createdAt} className="text-muted-foreground text-xs">
          {formatDateTime(message.createdAt)}
        </time>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {actions}
          {pending && !replying ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setReplying(true)}>
              {t("reply.open")}
            </Button>
          ) : null}
        </div>
      </div>
      {pending && replying ? (
        <div className="grid gap-2 pt-1">
          {shortened !== message.body ? (
            <div className="rounded-md bg-muted p-2">
              <p className="font-medium text-xs">{t("customers.fullMessage")}</p>
              <p className="whitespace-pre-line break-words">{message.body}</p>
            </div>
          ) : null}
          <ReplyBox
            label={t("reply.label", { name: message.customerName })}
            placeholder={t("reply.placeholder")}
            sendLabel={t("reply.send")}
            cancelLabel={t("reply.cancel")}
            pending={reply.isPending}
            onSend={send}
            onCancel={() => setReplying(false)}
          />
        </div>
      ) : null}
    </li>
  );
}
