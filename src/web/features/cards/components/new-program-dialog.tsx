import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { type CreateProgram, CreateProgramSchema } from "@/shared/loyalty.schema";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useCreateProgram } from "../api";

/** 'Novo Cartão': a programme of 1 to 50 stamps for a reward. */
export function NewProgramDialog() {
  const { t } = useTranslation("cards");
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof CreateProgramSchema>, unknown, CreateProgram>({
    resolver: zodResolver(CreateProgramSchema),
    defaultValues: { name: "", stampsRequired: 10, reward: "", description: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateProgram();
  const name = field("name");
  const stamps = field("stampsRequired");
  const reward = field("reward");
  const description = field("description");

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t("program.created"));
        form.reset();
        setOpen(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error(t("error"), { description: errorMessage(error) });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {t("program.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("program.open")}</DialogTitle>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate>
          <Field id={name.id} label={t("program.name")} error={name.error}>
            <Input {...name.control} />
          </Field>
          <Field id={stamps.id} label={t("program.stamps")} error={stamps.error}>
            <Input type="number" min={1} max={50} {...stamps.control} />
          </Field>
          <Field id={reward.id} label={t("program.reward")} error={reward.error}>
            <Input {...reward.control} />
          </Field>
          <Field id={description.id} label={t("program.description")} error={description.error}>
            <Input {...description.control} />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("program.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {t("program.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
