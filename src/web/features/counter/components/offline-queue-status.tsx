import { CloudOff, TriangleAlert, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import type { QueuedStamp } from "../offline-queue";
import type { OfflineQueue } from "../use-offline-queue";

/** '14/03 10:20', in the team member's language and time zone. */
const givenTime = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * The offline counter's queue on the counter's screen: 'N carimbos aguardando conexão' while
 * stamps wait, and 'Não enviados', each stamp the server refused (with the code, the time it was
 * given and the reason, in the counter's error texts) or given under another account, until the
 * team member dismisses it.
 */
export function OfflineQueueStatus({ queue }: { queue: OfflineQueue }) {
  const { t } = useTranslation("counter");
  if (queue.waiting === 0 && queue.notSent.length === 0) return null;
  return (
    <div className="grid gap-3">
      {queue.waiting > 0 ? (
        <p
          role="status"
          data-testid="counter-queue-waiting"
          className="flex items-center gap-3 rounded-xl border border-amber-500/60 bg-amber-50 p-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          <span>{t("offline.waiting", { count: queue.waiting })}</span>
        </p>
      ) : null}
      {queue.notSent.length > 0 ? (
        <section
          aria-labelledby="counter-not-sent"
          data-testid="counter-not-sent"
          className="grid gap-2 rounded-xl border border-destructive/40 p-3"
        >
          <h2 id="counter-not-sent" className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 text-destructive" />
            {t("offline.notSent")}
          </h2>
          <ul className="grid gap-2">
            {queue.notSent.map((stamp) => (
              <NotSent
                key={stamp.id}
                stamp={stamp}
                onDismiss={() => void queue.dismiss(stamp.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function NotSent({ stamp, onDismiss }: { stamp: QueuedStamp; onDismiss: () => void }) {
  const { t, i18n } = useTranslation("counter");
  const { refusal } = stamp;
  const reason = refusal
    ? errorMessage(new ApiError(refusal.status, refusal.code, refusal.message, refusal.fields))
    : t("offline.otherAccount");
  return (
    <li
      data-testid="counter-not-sent-item"
      className="flex items-start gap-2 rounded-lg bg-muted p-2"
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium">
          <span className="font-mono tracking-wider">{stamp.label}</span>
          {" · "}
          {t("stamp.many", { count: stamp.body.quantity })}
        </p>
        <p className="text-muted-foreground text-xs">
          {t("offline.givenAt", { time: givenTime(stamp.body.givenAt, i18n.language) })}
        </p>
        <p className="text-destructive text-sm">{reason}</p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("offline.dismiss", { code: stamp.label })}
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
