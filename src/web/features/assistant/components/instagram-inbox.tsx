import type { InstagramConversation } from "@shared/assistant.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  instagramChannelQueryOptions,
  instagramInboxQueryOptions,
  useReplyOnInstagram,
} from "../instagram-api";
import { ConversationCard } from "./channel-parts";

/**
 * The company's Instagram conversations (once the channel is connected): the newest messages of
 * each, what the assistant answered, and what waits for a person, answered here (within 24
 * hours, or up to 7 days after the contact wrote: Instagram's human agent rule).
 */
export function InstagramInboxPanel() {
  const { t } = useTranslation(["assistant", "common"]);
  const channel = useQuery(instagramChannelQueryOptions());
  const inbox = useQuery({ ...instagramInboxQueryOptions(), enabled: !!channel.data?.configured });
  if (!channel.data?.configured) return null;
  const conversations = inbox.data?.conversations;
  return (
    <div className="grid min-w-0 gap-3 border-t pt-4">
      <h3 className="font-semibold">{t("instagram.inbox.title")}</h3>
      {inbox.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("instagram.inbox.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void inbox.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : null}
      {conversations?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("instagram.inbox.empty")}</p>
      ) : null}
      {conversations?.length ? (
        <ul className="grid gap-3" aria-label={t("instagram.inbox.title")}>
          {conversations.map((c) => (
            <Conversation key={c.contactId} conversation={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Conversation({ conversation: c }: { conversation: InstagramConversation }) {
  const { t } = useTranslation("assistant");
  const reply = useReplyOnInstagram();
  const who = c.username ? `@${c.username}` : t("instagram.inbox.contact");
  const windowNote = c.windowOpen
    ? ""
    : ` · ${t(c.humanAgentOpen ? "instagram.inbox.humanAgent" : "instagram.inbox.windowClosed")}`;

  const send = (body: string) =>
    reply.mutateAsync({ contactId: c.contactId, body }).then(
      ({ status }) => {
        if (status === "sent") toast.success(t("conversations.sent"));
        else if (status === "window_closed") toast.error(t("instagram.inbox.notSent"));
        else toast.error(t("instagram.inbox.failed"));
      },
      (error: unknown) => {
        toast.error(t("conversations.error"));
        throw error;
      },
    );

  return (
    <ConversationCard
      who={who}
      detail={`Instagram${windowNote}`}
      pending={c.pending}
      messages={c.messages}
      replyLabel={t("instagram.inbox.replyLabel", { name: who })}
      canReply={c.humanAgentOpen}
      sending={reply.isPending}
      onSend={send}
    />
  );
}
