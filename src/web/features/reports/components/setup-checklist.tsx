import type { SetupStep } from "@shared/reports.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { setupChecklistQueryOptions, useDismissSetup } from "../api";

/** Where each step is done: the programmes on /cartoes, the QR card's poster on this page … */
const STEP_LINKS: Record<SetupStep, string> = {
  program: "/cartoes#programas",
  brand: "/dados-empresa",
  poster: "#qr-code",
  team: "/equipe",
  referrals: "/configuracoes#indicacoes",
  import: "/clientes?importar=1",
};

/**
 * 'Primeiros passos' at the top of /dashboard: the six setup steps, each ticked by the server from
 * the company's data (never by a click here) and linking to where it is done; '3 de 6'; gone when
 * all are done or after 'Ocultar lista' (kept on the server, 'Desfazer' in the toast). A member
 * who may not open /equipe (`teamLink` false: a Gerente) sees that step without its link.
 */
export function SetupChecklist({ teamLink }: { teamLink: boolean }) {
  const { t } = useTranslation("reports");
  const setup = useQuery(setupChecklistQueryOptions()).data;
  const dismiss = useDismissSetup();
  const heading = useId();
  const count = setup?.items.filter((item) => item.done).length ?? 0;
  if (!setup || setup.dismissed || count === setup.items.length) return null;

  const hide = () =>
    dismiss.mutate(true, {
      onSuccess: () =>
        toast(t("setup.hidden"), {
          action: { label: t("setup.undo"), onClick: () => dismiss.mutate(false) },
        }),
      onError: () => toast.error(t("setup.hideError")),
    });

  return (
    <Card role="region" aria-labelledby={heading} className="gap-4">
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <CardTitle asChild>
          <h2 id={heading}>{t("setup.title")}</h2>
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={hide} disabled={dismiss.isPending}>
          {t("setup.hide")}
        </Button>
        <p className="col-span-2 text-muted-foreground text-sm">
          {t("setup.progress", { done: count, total: setup.items.length })}
        </p>
        <div className="col-span-2 h-1.5 rounded-full bg-muted" aria-hidden="true">
          <div
            className="h-full rounded-full bg-primary"
            style={{ width: `${(count / setup.items.length) * 100}%` }}
          />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-1 text-sm">
          {setup.items.map(({ key, done }) => {
            const label = t(`setup.steps.${key}`);
            const linked = key !== "team" || teamLink;
            return (
              <li key={key} className="flex min-h-10 items-center gap-3">
                <span
                  aria-hidden="true"
                  className={
                    done
                      ? "grid size-5 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-foreground text-xs"
                      : "size-5 shrink-0 rounded-full border-2 border-muted-foreground/40"
                  }
                >
                  {done ? "✓" : null}
                </span>
                <span className="sr-only">{`${t(done ? "setup.done" : "setup.todo")} `}</span>
                {linked ? (
                  <Link
                    to={STEP_LINKS[key]}
                    className={`min-w-0 underline-offset-4 hover:underline ${done ? "text-muted-foreground" : "font-medium text-primary"}`}
                  >
                    {label}
                  </Link>
                ) : (
                  <span className={done ? "text-muted-foreground" : undefined}>
                    {label} <span className="text-muted-foreground">{t("setup.ownerOnly")}</span>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
