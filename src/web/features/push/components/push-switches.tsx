import type { PushKind } from "@shared/push.schema";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Spinner } from "@/web/components/ui/spinner";
import { PushSetupError, usePushDevice } from "../api";
import { notificationPermission } from "../device";

/** The text for a failed save: the person's browser blocks notices, the server has none, or else. */
export function pushErrorKey(error: unknown) {
  if (error instanceof PushSetupError) return error.reason;
  return "error" as const;
}

/**
 * This device's switches for `kinds`: each turns a kind on or off at once (the first one on asks
 * for the browser's permission and subscribes; the last one off unsubscribes). Where the browser
 * cannot take notices, or has blocked them for the site, a text says how to get them instead;
 * `hints` adds a line under a switch (e.g. the company's switch that holds it back).
 */
export function PushSwitches({
  kinds,
  hints = {},
}: {
  kinds: readonly PushKind[];
  hints?: Partial<Record<PushKind, ReactNode>>;
}) {
  const { t } = useTranslation("push");
  const { support, publicKey, device, save } = usePushDevice();
  // Shown after a refusal until the next attempt; the permission itself is read on each render.
  const [failure, setFailure] = useState<string | null>(null);

  if (support !== "supported") {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        {t(support === "install" ? "install" : "unsupported")}
      </p>
    );
  }
  if (publicKey.data === null) {
    return <p className="text-muted-foreground text-sm">{t("off")}</p>;
  }
  if (!device.data) {
    return device.isError ? (
      <p role="alert" className="text-destructive text-sm">
        {t("loadError")}
      </p>
    ) : (
      <Spinner />
    );
  }

  const on = device.data.kinds;
  const turn = (kind: PushKind, checked: boolean) => {
    setFailure(null);
    const next = checked ? [...on, kind] : on.filter((k) => k !== kind);
    save.mutate(
      kinds.filter((k) => next.includes(k)),
      {
        onSuccess: () => toast.success(t("saved")),
        onError: (error) => setFailure(t(pushErrorKey(error))),
      },
    );
  };
  const blocked = notificationPermission() === "denied";
  const message = failure ?? (blocked ? t("denied") : null);

  return (
    <div className="grid gap-3">
      {message ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
          {message}
        </p>
      ) : null}
      {kinds.map((kind) => (
        <div key={kind} className="grid gap-1">
          <SwitchField
            label={t(`kinds.${kind}`)}
            checked={on.includes(kind)}
            disabled={save.isPending}
            onChange={(checked) => turn(kind, checked)}
          />
          {hints[kind] ? <p className="pl-7 text-muted-foreground text-xs">{hints[kind]}</p> : null}
        </div>
      ))}
    </div>
  );
}
