import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_MAX_STAMPS } from "@shared/limits";
import {
  type CreateProgram,
  CreateProgramSchema,
  PROGRAM_DESCRIPTION_MAX_LENGTH,
  PROGRAM_MAX_STAMPS,
  PROGRAM_MIN_STAMPS,
  PROGRAM_NAME_MAX_LENGTH,
  PROGRAM_REWARD_MAX_LENGTH,
  type Program,
} from "@shared/programs.schema";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useCreateProgram, useUpdateProgram } from "../api";

/** 'Novo Cartão': a programme of 1 to 50 stamps for a reward. */
export function NewProgramDialog() {
  const { t } = useTranslation("programs");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {t("new.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("new.open")}</DialogTitle>
        <DialogDescription>{t("new.createHint")}</DialogDescription>
        {open ? <ProgramForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** 'Editar': the same fields; only the cards opened afterwards take the new size and reward. */
export function EditProgramDialog({ program }: { program: Program }) {
  const { t } = useTranslation("programs");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <Pencil aria-hidden="true" />
          {t("edit")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("editTitle", { name: program.name })}</DialogTitle>
        <DialogDescription>{t("editHint")}</DialogDescription>
        {open ? <ProgramForm program={program} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProgramForm({ program, onDone }: { program?: Program; onDone: () => void }) {
  const { t } = useTranslation("programs");
  const form = useForm<z.input<typeof CreateProgramSchema>, unknown, CreateProgram>({
    resolver: zodResolver(CreateProgramSchema),
    defaultValues: program
      ? {
          name: program.name,
          stampsRequired: program.stampsRequired,
          reward: program.reward,
          description: program.description,
        }
      : { name: "", stampsRequired: DEFAULT_MAX_STAMPS, reward: "", description: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateProgram();
  const update = useUpdateProgram();
  const name = field("name");
  const stamps = field("stampsRequired");
  const reward = field("reward");
  const description = field("description");
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: () => {
        toast.success(program ? t("saved") : t("new.created"));
        onDone();
      },
      onError: (error: unknown) => {
        applyServerFieldErrors(form, error);
        toast.error(t("error"), { description: errorMessage(error) });
      },
    };
    if (program) update.mutate({ id: program.id, input: values }, handlers);
    else create.mutate(values, handlers);
  });

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Field id={name.id} label={t("new.name")} error={name.error}>
        <Input {...name.control} maxLength={PROGRAM_NAME_MAX_LENGTH} />
      </Field>
      <Field id={stamps.id} label={t("new.stamps")} error={stamps.error}>
        <Input
          type="number"
          inputMode="numeric"
          min={PROGRAM_MIN_STAMPS}
          max={PROGRAM_MAX_STAMPS}
          {...stamps.control}
        />
      </Field>
      <Field id={reward.id} label={t("new.reward")} error={reward.error}>
        <Input {...reward.control} maxLength={PROGRAM_REWARD_MAX_LENGTH} />
      </Field>
      <Field id={description.id} label={t("new.description")} error={description.error}>
        <Textarea {...description.control} maxLength={PROGRAM_DESCRIPTION_MAX_LENGTH} rows={2} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {program ? t("save") : t("new.submit")}
        </Button>
      </div>
    </form>
  );
}
