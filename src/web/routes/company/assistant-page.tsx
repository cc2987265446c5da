import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { assistantOverviewQueryOptions } from "@/web/features/assistant/api";
import {
  AssistantSection,
  AssistantSettingsForm,
} from "@/web/features/assistant/components/assistant-settings-form";
import { ChannelInboxPanel } from "@/web/features/assistant/components/channel-inbox";
import { ChannelSection } from "@/web/features/assistant/components/channel-section";
import { FeedbackList } from "@/web/features/assistant/components/feedback-list";

/**
 * /ia-suprema (admin only): the assistant's settings saved on the server, the WhatsApp and
 * Instagram channels, and the complaints and suggestions it filed. Without the plan (a Pro company) the page shows
 * what it would do and how to upgrade; the settings can still be prepared.
 */
export function AssistantPage() {
  const { t } = useTranslation(["company", "assistant", "common"]);
  const query = useQuery(assistantOverviewQueryOptions());
  return (
    <>
      <PageHeader
        title={t("pages.ai.title")}
        subtitle={t("pages.ai.subtitle")}
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" />
              {t("assistant:page.back")}
            </Link>
          </Button>
        }
      />
      {query.data ? (
        <div className="grid min-w-0 gap-6">
          <AssistantSettingsForm overview={query.data} />
          <AssistantSection
            title={t("assistant:sections.whatsapp")}
            hint={t("assistant:sections.whatsappHint")}
          >
            <ChannelSection channel="whatsapp" available={query.data.available} />
            <ChannelInboxPanel channel="whatsapp" available={query.data.available} />
          </AssistantSection>
          <AssistantSection
            title={t("assistant:sections.instagram")}
            hint={t("assistant:sections.instagramHint")}
          >
            <ChannelSection channel="instagram" available={query.data.available} />
            <ChannelInboxPanel channel="instagram" available={query.data.available} />
          </AssistantSection>
          <AssistantSection
            title={t("assistant:sections.feedback")}
            hint={t("assistant:sections.feedbackHint")}
          >
            <FeedbackList />
          </AssistantSection>
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("assistant:loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : (
        <Spinner />
      )}
    </>
  );
}
