import type { ApiKey, CreatedApiKey } from "@shared/integrations.schema";
import { useQuery } from "@tanstack/react-query";
import { Ban, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { apiKeysQueryOptions, useRevokeApiKey, useRotateApiKey } from "../api";
import { textKey } from "../text-key";
import { Badge, ModeBadge } from "./badges";
import { ConfirmButton } from "./confirm-button";
import { CreateKeyDialog } from "./create-key-dialog";
import { SecretDialog } from "./secret-dialog";

/**
 * 'Chaves de API': each key's name, mode, scopes, hint, dates and calls, with 'Revogar' and
 * 'Girar'; 'Criar chave'. A new or rotated key's secret is held here only until its dialog closes.
 */
export function ApiKeys() {
  const { t } = useTranslation("integrations");
  const keys = useQuery(apiKeysQueryOptions());
  const [shown, setShown] = useState<{ created: CreatedApiKey; rotated: boolean } | null>(null);

  return (
    <Card role="region" aria-labelledby="api-keys-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="api-keys-title">{t("keys.title")}</h2>
          </CardTitle>
          <CardDescription>{t("keys.description")}</CardDescription>
        </div>
        <CreateKeyDialog onCreated={(created) => setShown({ created, rotated: false })} />
      </CardHeader>
      <CardContent>
        {keys.isPending ? <Spinner /> : null}
        {keys.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(keys.error)}
          </p>
        ) : null}
        {keys.data?.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("keys.empty")}</p>
        ) : null}
        {keys.data && keys.data.length > 0 ? (
          <ul className="grid gap-3" aria-label={t("keys.title")}>
            {keys.data.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                onRotated={(created) => setShown({ created, rotated: true })}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
      <SecretDialog
        created={shown?.created ?? null}
        rotated={shown?.rotated}
        onClose={() => setShown(null)}
      />
    </Card>
  );
}

function KeyState({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation("integrations");
  if (apiKey.revokedAt) {
    return (
      <Badge tone="bad">{t("keys.revoked", { date: formatDateTime(apiKey.revokedAt) })}</Badge>
    );
  }
  if (apiKey.expiresAt) {
    return (
      <Badge tone="warn">{t("keys.expires", { date: formatDateTime(apiKey.expiresAt) })}</Badge>
    );
  }
  return <Badge tone="good">{t("keys.active")}</Badge>;
}

function KeyRow({
  apiKey,
  onRotated,
}: {
  apiKey: ApiKey;
  onRotated: (created: CreatedApiKey) => void;
}) {
  const { t } = useTranslation("integrations");
  const id = useId();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [keepOld, setKeepOld] = useState(false);
  // A revoked key, or an old one kept after a rotation, has nothing left to do.
  const usable = !apiKey.revokedAt && !apiKey.expiresAt;

  return (
    <li
      aria-label={apiKey.name}
      data-testid="api-key"
      className="grid gap-3 rounded-md border p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 break-words font-semibold">{apiKey.name}</p>
        <ModeBadge mode={apiKey.mode} />
        <KeyState apiKey={apiKey} />
      </div>
      <code className="break-all text-muted-foreground text-xs" data-testid="api-key-hint">
        {apiKey.hint}
      </code>
      <ul className="flex flex-wrap gap-1.5" aria-label={t("createKey.scopes")}>
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge>{t(`scopes.${textKey(scope)}.label`)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-xs">
        {t("keys.created", { date: formatDate(apiKey.createdAt) })}
        {" · "}
        {apiKey.lastUsedAt
          ? t("keys.lastUsed", { date: formatDateTime(apiKey.lastUsedAt) })
          : t("keys.neverUsed")}
        {" · "}
        {t("keys.requests", { count: apiKey.requestCount })}
      </p>
      {usable ? (
        <div className="flex flex-wrap gap-2">
          <ConfirmButton
            label={t("keys.rotate")}
            icon={<RefreshCw aria-hidden="true" />}
            title={t("keys.rotateTitle", { name: apiKey.name })}
            text={t("keys.rotateText")}
            confirm={t("keys.rotateConfirm")}
            cancel={t("keys.cancel")}
            disabled={rotate.isPending}
            onConfirm={() =>
              rotate.mutate(
                { id: apiKey.id, keepOld },
                {
                  onSuccess: (created) => {
                    setKeepOld(false);
                    onRotated(created);
                  },
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          >
            <div className="flex items-start gap-3">
              <input
                id={`${id}-keep`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={keepOld}
                onChange={(e) => setKeepOld(e.target.checked)}
              />
              <label htmlFor={`${id}-keep`} className="text-sm">
                {t("keys.keepOld")}
              </label>
            </div>
          </ConfirmButton>
          <ConfirmButton
            label={t("keys.revoke")}
            icon={<Ban aria-hidden="true" />}
            destructive
            title={t("keys.revokeTitle", { name: apiKey.name })}
            text={t("keys.revokeText")}
            confirm={t("keys.revokeConfirm")}
            cancel={t("keys.cancel")}
            disabled={revoke.isPending}
            onConfirm={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => toast.success(t("keys.revokedToast")),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          />
        </div>
      ) : null}
    </li>
  );
}
