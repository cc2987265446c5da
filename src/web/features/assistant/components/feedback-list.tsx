import { FEEDBACK_STATES, type FeedbackState } from "@shared/assistant.schema";
import { useQuery } from "@tanstack/react-query";
import { MessageSquareWarning } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { feedbackQueryOptions, useUpdateFeedbackState } from "../api";

/**
 * The complaints and suggestions the assistant filed: kind, text, who, when, and a state the
 * company moves along (nova → em andamento → resolvida). Newest first, 20 a page.
 */
export function FeedbackList() {
  const { t } = useTranslation(["assistant", "common"]);
  const id = useId();
  const [state, setState] = useState<FeedbackState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useQuery(feedbackQueryOptions({ page, state }));
  const update = useUpdateFeedbackState();

  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {t("feedback.loadError")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  if (!query.data) return <Spinner />;
  const { items, total, pageSize } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid max-w-xs gap-1">
        <label htmlFor={`${id}-filter`} className="font-medium text-sm">
          {t("feedback.filter")}
        </label>
        <NativeSelect
          id={`${id}-filter`}
          value={state ?? ""}
          onChange={(e) => {
            setState((e.target.value || undefined) as FeedbackState | undefined);
            setPage(1);
          }}
        >
          <option value="">{t("feedback.all")}</option>
          {FEEDBACK_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`feedback.states.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("feedback.empty")}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t("sections.feedback")}>
          {items.map((item) => (
            <li key={item.id} className="grid min-w-0 gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span
                  className={
                    item.kind === "complaint"
                      ? "inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-900 dark:bg-red-900/40 dark:text-red-100"
                      : "inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 font-medium text-sky-900 dark:bg-sky-900/40 dark:text-sky-100"
                  }
                >
                  <MessageSquareWarning aria-hidden="true" className="size-3" />
                  {t(`feedback.kinds.${item.kind}`)}
                </span>
                <span className="font-medium">{item.customerName}</span>
                <span className="text-muted-foreground">
                  {formatDateTime(item.createdAt)} · {t(`feedback.channels.${item.channel}`)}
                </span>
              </div>
              <p className="whitespace-pre-wrap break-words text-sm">{item.body}</p>
              <div className="flex items-center gap-2">
                <label htmlFor={`${id}-${item.id}`} className="text-muted-foreground text-xs">
                  {t("feedback.state")}
                </label>
                <NativeSelect
                  id={`${id}-${item.id}`}
                  className="w-44"
                  value={item.state}
                  disabled={update.isPending}
                  onChange={(e) =>
                    update.mutate(
                      { id: item.id, state: e.target.value as FeedbackState },
                      {
                        onSuccess: () => toast.success(t("feedback.updated")),
                        onError: () => toast.error(t("feedback.updateError")),
                      },
                    )
                  }
                >
                  {FEEDBACK_STATES.map((s) => (
                    <option key={s} value={s}>
                      {t(`feedback.states.${s}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t("feedback.previous")}
          </Button>
          <span className="text-muted-foreground">{t("feedback.pageOf", { page, pages })}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t("feedback.next")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
