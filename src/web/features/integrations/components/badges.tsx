import type { ApiKeyMode } from "@shared/integrations.schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/utils";

export type Tone = "neutral" | "good" | "warn" | "bad";

const TONES: Record<Tone, string> = {
  neutral: "bg-muted text-foreground",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  bad: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

/** A small state label ('Ativa', 'Entregue', 'Desativado após falhas'). */
export function Badge({ tone = "neutral", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 font-medium text-xs",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** 'Teste' (amber: test data only) or 'Produção' (green: real customers). */
export function ModeBadge({ mode }: { mode: ApiKeyMode }) {
  const { t } = useTranslation("integrations");
  return <Badge tone={mode === "test" ? "warn" : "good"}>{t(`modes.${mode}`)}</Badge>;
}

/** An HTTP answer's status: 2xx good, 4xx warn, 5xx bad. */
export function statusTone(status: number | null): Tone {
  if (status === null) return "bad";
  if (status < 300) return "good";
  if (status < 500) return "warn";
  return "bad";
}
