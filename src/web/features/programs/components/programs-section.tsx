import type { Program } from "@shared/programs.schema";
import { useQuery } from "@tanstack/react-query";
import { Archive, ArchiveRestore, Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { cn } from "@/web/lib/utils";
import { type ProgramAction, programsQueryOptions, useProgramAction } from "../api";
import { EditProgramDialog, NewProgramDialog } from "./new-program-dialog";

/**
 * The company's programmes ('Templates'): what each card is worth, which one new members get
 * (the default), and edit, archive/restore and 'Tornar padrão' for each.
 */
export function ProgramsSection({ id }: { id: string }) {
  const { t } = useTranslation("programs");
  const programs = useQuery(programsQueryOptions());
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-3 outline-none"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="font-semibold text-lg">
            {t("title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("subtitle")}</p>
        </div>
        <NewProgramDialog />
      </div>
      {programs.isPending ? <Spinner /> : null}
      {programs.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(programs.error)}
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {programs.data?.map((program) => (
          <li key={program.id}>
            <ProgramItem program={program} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProgramItem({ program }: { program: Program }) {
  const { t } = useTranslation("programs");
  const archived = program.archivedAt !== null;
  return (
    <article
      aria-label={program.name}
      className={cn(
        "grid h-full content-between gap-3 rounded-lg border bg-card p-4",
        program.isDefault && "border-primary",
        archived && "bg-muted/40",
      )}
    >
      <div className="grid gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words font-semibold">{program.name}</h3>
          {program.isDefault ? (
            <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-primary-foreground text-xs">
              {t("default")}
            </span>
          ) : archived ? (
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs">
              {t("archived")}
            </span>
          ) : null}
        </div>
        <p className="text-sm">
          {t("stamps", { count: program.stampsRequired })}
          {" · "}
          <span className="break-words">{t("reward", { reward: program.reward })}</span>
        </p>
        {program.description ? (
          <p className="break-words text-muted-foreground text-sm">{program.description}</p>
        ) : null}
        <p className="text-muted-foreground text-xs">
          {t("openCards", { count: program.openCards })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <EditProgramDialog program={program} />
        {!program.isDefault && !archived ? (
          <ActionButton program={program} action="default" />
        ) : null}
        {archived ? (
          <ActionButton program={program} action="restore" />
        ) : (
          <ArchiveDialog program={program} />
        )}
      </div>
    </article>
  );
}

const actionIcons = { default: Star, restore: ArchiveRestore, archive: Archive } as const;

/** 'Tornar padrão' and 'Reativar': one click, a toast with the result. */
function ActionButton({ program, action }: { program: Program; action: ProgramAction }) {
  const { t } = useTranslation("programs");
  const run = useProgramAction();
  const Icon = actionIcons[action];
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={run.isPending}
      onClick={() =>
        run.mutate(
          { id: program.id, action },
          {
            onSuccess: () => toast.success(t(`done.${action}`, { name: program.name })),
            onError: (error) => toast.error(t("error"), { description: errorMessage(error) }),
          },
        )
      }
    >
      <Icon aria-hidden="true" />
      {t(`actions.${action}`)}
    </Button>
  );
}

/**
 * 'Arquivar' asks first: the programme stops opening cards, its open cards go on. The default
 * programme explains that another default must be chosen first.
 */
function ArchiveDialog({ program }: { program: Program }) {
  const { t } = useTranslation("programs");
  const [open, setOpen] = useState(false);
  const run = useProgramAction();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost">
          <Archive aria-hidden="true" />
          {t("actions.archive")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("archiveTitle", { name: program.name })}</DialogTitle>
        <DialogDescription>
          {program.isDefault ? t("archiveDefault") : t("archiveHint", { count: program.openCards })}
        </DialogDescription>
        {run.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(run.error)}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {program.isDefault ? t("close") : t("cancel")}
            </Button>
          </DialogClose>
          {program.isDefault ? null : (
            <Button
              type="button"
              variant="destructive"
              disabled={run.isPending}
              onClick={() =>
                run.mutate(
                  { id: program.id, action: "archive" },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      toast.success(t("done.archive", { name: program.name }));
                    },
                  },
                )
              }
            >
              {t("actions.archive")}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
