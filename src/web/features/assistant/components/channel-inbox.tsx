import type { InstagramConversation, WhatsAppConversation } from "@shared/assistant-channels";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import {
  instagramChannelQueryOptions,
  instagramInboxQueryOptions,
  useReplyOnInstagram,
} from "../instagram-api";
import {
  useReplyOnWhatsApp,
  whatsappChannelQueryOptions,
  whatsappInboxQueryOptions,
} from "../whatsapp-api";
import { type ChannelPrefix, ConversationCard } from "./channel-parts";
import { isPlanRequired, PlanRequiredNotice } from "./plan-notice";

type Texts = TFunction<["assistant", "common"]>;

/** What one channel's inbox is made of (WHATSAPP, INSTAGRAM below). */
type ChannelInbox<Conversation extends { contactId: string }> = {
  useChannel: () => UseQueryResult<{ configured: boolean }>;
  useInbox: (enabled: boolean) => UseQueryResult<{ conversations: Conversation[] }>;
  texts: (t: Texts) => { title: string; loadError: string; empty: string };
  Conversation: ComponentType<{ conversation: Conversation }>;
};

/**
 * The company's conversations on a messaging channel (once it is connected): the newest messages
 * of each, what the assistant answered, and what waits for a person, answered here (within the
 * channel's rules: WhatsApp's 24 hours and template; Instagram's 24 hours, or up to 7 days for a
 * person with the human agent tag). `available`: whether the plan includes IA Suprema today; without
 * it the inbox is closed (403 assistant_plan_required) and messages received are kept unanswered,
 * which the panel says, with the way to /plano (decision 027).
 */
export function ChannelInboxPanel({
  channel,
  available = true,
}: {
  channel: ChannelPrefix;
  available?: boolean;
}) {
  return channel === "whatsapp" ? (
    <InboxPanel of={WHATSAPP} available={available} />
  ) : (
    <InboxPanel of={INSTAGRAM} available={available} />
  );
}

function InboxPanel<Conversation extends { contactId: string }>({
  of,
  available,
}: {
  of: ChannelInbox<Conversation>;
  available: boolean;
}) {
  const { t } = useTranslation(["assistant", "common"]);
  const channel = of.useChannel();
  const inbox = of.useInbox(!!channel.data?.configured && available);
  if (!channel.data?.configured) return null;
  const texts = of.texts(t);
  if (!available || isPlanRequired(inbox.error)) {
    return (
      <div className="grid min-w-0 gap-3 border-t pt-4">
        <h3 className="font-semibold">{texts.title}</h3>
        <PlanRequiredNotice texts={[t("planNotice.inbox"), t("planNotice.inboxMore")]} />
      </div>
    );
  }
  const conversations = inbox.data?.conversations;
  return (
    <div className="grid min-w-0 gap-3 border-t pt-4">
      <h3 className="font-semibold">{texts.title}</h3>
      {inbox.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {texts.loadError}
          <Button type="button" variant="outline" size="sm" onClick={() => void inbox.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : null}
      {conversations?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{texts.empty}</p>
      ) : null}
      {conversations?.length ? (
        <ul className="grid gap-3" aria-label={texts.title}>
          {conversations.map((c) => (
            <of.Conversation key={c.contactId} conversation={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Toasts a person's answer; a refused request keeps the text in the box. */
const afterSend =
  (t: TFunction<"assistant">, toastOf: (status: string) => void) =>
  (sent: Promise<{ status: string }>) =>
    sent.then(
      ({ status }) => toastOf(status),
      (error: unknown) => {
        toast.error(t("conversations.error"), { description: errorMessage(error) });
        throw error;
      },
    );

function WhatsAppConversationCard({ conversation: c }: { conversation: WhatsAppConversation }) {
  const { t } = useTranslation("assistant");
  const reply = useReplyOnWhatsApp();
  const who = c.name || `+${c.phone}`;
  const send = (body: string) =>
    afterSend(t, (status) => {
      if (status === "sent") toast.success(t("conversations.sent"));
      else if (status === "template_sent") toast.success(t("conversations.templateSent"));
      else if (status === "template_required") toast.error(t("conversations.templateRequired"));
      else toast.error(t("conversations.failed"));
    })(reply.mutateAsync({ contactId: c.contactId, body }));

  return (
    <ConversationCard
      who={who}
      detail={`+${c.phone} · ${c.member ? t("conversations.member") : t("conversations.contact")}${
        c.windowOpen ? "" : ` · ${t("conversations.windowClosed")}`
      }`}
      pending={c.pending}
      messages={c.messages}
      replyLabel={t("conversations.replyLabel", { name: who })}
      sending={reply.isPending}
      onSend={send}
    />
  );
}

function InstagramConversationCard({ conversation: c }: { conversation: InstagramConversation }) {
  const { t } = useTranslation("assistant");
  const reply = useReplyOnInstagram();
  const who = c.username ? `@${c.username}` : t("instagram.inbox.contact");
  const windowNote = c.windowOpen
    ? ""
    : ` · ${t(c.humanAgentOpen ? "instagram.inbox.humanAgent" : "instagram.inbox.windowClosed")}`;
  const send = (body: string) =>
    afterSend(t, (status) => {
      if (status === "sent") toast.success(t("conversations.sent"));
      else if (status === "window_closed") toast.error(t("instagram.inbox.notSent"));
      else toast.error(t("instagram.inbox.failed"));
    })(reply.mutateAsync({ contactId: c.contactId, body }));

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

const WHATSAPP: ChannelInbox<WhatsAppConversation> = {
  useChannel: () => useQuery(whatsappChannelQueryOptions()),
  useInbox: (enabled) => useQuery({ ...whatsappInboxQueryOptions(), enabled }),
  texts: (t) => ({
    title: t("conversations.title"),
    loadError: t("conversations.loadError"),
    empty: t("conversations.empty"),
  }),
  Conversation: WhatsAppConversationCard,
};

const INSTAGRAM: ChannelInbox<InstagramConversation> = {
  useChannel: () => useQuery(instagramChannelQueryOptions()),
  useInbox: (enabled) => useQuery({ ...instagramInboxQueryOptions(), enabled }),
  texts: (t) => ({
    title: t("instagram.inbox.title"),
    loadError: t("instagram.inbox.loadError"),
    empty: t("instagram.inbox.empty"),
  }),
  Conversation: InstagramConversationCard,
};
