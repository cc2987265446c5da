import type { WebhookEndpointInfo } from "@shared/integrations.schema";
import { useQuery } from "@tanstack/react-query";
import { Eye, EyeOff, RefreshCw, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  webhooksQueryOptions,
} from "../api";
import { textKey } from "../text-key";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { Badge, ModeBadge } from "./badges";
import { ConfirmButton } from "./confirm-button";
import { CopyButton } from "./copy-button";
import { WebhookDeliveries } from "./webhook-deliveries";

/** 'Webhooks': the endpoints, each with its secret, actions and delivery log; 'Adicionar endpoint'. */
export function Webhooks() {
  const { t } = useTranslation("integrations");
  const endpoints = useQuery(webhooksQueryOptions());
  return (
    <Card role="region" aria-labelledby="webhooks-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="webhooks-title">{t("webhooks.title")}</h2>
          </CardTitle>
          <CardDescription>{t("webhooks.description")}</CardDescription>
        </div>
        <AddWebhookDialog />
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? <Spinner /> : null}
        {endpoints.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(endpoints.error)}
          </p>
        ) : null}
        {endpoints.data?.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("webhooks.empty")}</p>
        ) : null}
        {endpoints.data && endpoints.data.length > 0 ? (
          <ul className="grid gap-3" aria-label={t("webhooks.title")}>
            {endpoints.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpointInfo }) {
  const { t } = useTranslation("integrations");
  if (endpoint.enabled) return <Badge tone="good">{t("webhooks.enabled")}</Badge>;
  if (endpoint.disabledReason === "failing") {
    return <Badge tone="bad">{t("webhooks.disabledFailing")}</Badge>;
  }
  return <Badge>{t("webhooks.disabled")}</Badge>;
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointInfo }) {
  const { t } = useTranslation("integrations");
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const remove = useDeleteWebhook();
  const [secretShown, setSecretShown] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const onError = (error: unknown) => toast.error(errorMessage(error));

  return (
    <li
      aria-label={endpoint.url}
      data-testid="webhook-endpoint"
      className="grid gap-3 rounded-md border p-3 text-sm"
    >
      <div className="grid gap-1.5">
        <p className="break-all font-medium font-mono text-xs">{endpoint.url}</p>
        <div className="flex flex-wrap items-center gap-2">
          <ModeBadge mode={endpoint.mode} />
          <EndpointState endpoint={endpoint} />
        </div>
        {endpoint.description ? (
          <p className="break-words text-muted-foreground text-xs">{endpoint.description}</p>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t("addWebhook.events")}>
        {endpoint.events.map((event) => (
          <li key={event}>
            <Badge>{t(`events.${textKey(event)}`)}</Badge>
          </li>
        ))}
      </ul>
      <SwitchField
        label={t("webhooks.toggle")}
        checked={endpoint.enabled}
        disabled={update.isPending}
        onChange={(enabled) =>
          update.mutate(
            { id: endpoint.id, input: { enabled } },
            {
              onSuccess: () =>
                toast.success(t(enabled ? "webhooks.enabledToast" : "webhooks.disabledToast")),
              onError,
            },
          )
        }
      />
      <div className="grid gap-2">
        <p className="font-medium text-xs">{t("webhooks.secret")}</p>
        <code className="break-all rounded bg-muted p-2 text-xs" data-testid="webhook-secret">
          {secretShown ? endpoint.secret : "whsec_••••••••••••••••"}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={secretShown}
            onClick={() => setSecretShown((shown) => !shown)}
          >
            {secretShown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {secretShown ? t("webhooks.hideSecret") : t("webhooks.showSecret")}
          </Button>
          <CopyButton
            text={endpoint.secret}
            label={t("webhooks.copySecret")}
            copied={t("webhooks.secretCopied")}
            failed={t("secret.copyFailed")}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success(t("webhooks.testSent"));
                setLogOpen(true);
              },
              onError,
            })
          }
        >
          <Send aria-hidden="true" />
          {t("webhooks.test")}
        </Button>
        <ConfirmButton
          label={t("webhooks.rotateSecret")}
          icon={<RefreshCw aria-hidden="true" />}
          title={t("webhooks.rotateSecretTitle")}
          text={t("webhooks.rotateSecretText")}
          confirm={t("webhooks.rotateSecretConfirm")}
          cancel={t("webhooks.cancel")}
          disabled={rotate.isPending}
          onConfirm={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success(t("webhooks.secretRotated"));
                setSecretShown(true);
              },
              onError,
            })
          }
        />
        <ConfirmButton
          label={t("webhooks.delete")}
          icon={<Trash2 aria-hidden="true" />}
          destructive
          title={t("webhooks.deleteTitle")}
          text={t("webhooks.deleteText")}
          confirm={t("webhooks.deleteConfirm")}
          cancel={t("webhooks.cancel")}
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(endpoint.id, {
              onSuccess: () => toast.success(t("webhooks.deleted")),
              onError,
            })
          }
        />
      </div>
      <details
        open={logOpen}
        onToggle={(e) => setLogOpen(e.currentTarget.open)}
        className="rounded-md border p-2"
      >
        <summary className="cursor-pointer font-medium">{t("webhooks.deliveries")}</summary>
        {logOpen ? (
          <div className="pt-2">
            <WebhookDeliveries endpointId={endpoint.id} />
          </div>
        ) : null}
      </details>
    </li>
  );
}
