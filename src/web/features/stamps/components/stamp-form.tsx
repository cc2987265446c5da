import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AddStamp,
  AddStampSchema,
  STAMP_NOTES_MAX_LENGTH,
  type StaffStampMethod,
} from "@shared/stamps.schema";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { DialogClose } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useFormField } from "@/web/lib/form";
import { StampMethodSelect } from "./stamp-method-select";

type StampFormProps = {
  /** The checked stamp (notes trimmed); the dialog saves it. */
  onSubmit: (stamp: AddStamp) => void;
  pending: boolean;
  /** The save's failure, shown above the buttons. */
  error: unknown;
  /** False while the dialog still lacks a choice of its own (e.g. the customer). */
  canSubmit?: boolean;
  /** The dialog's own fields, before the method (the dashboard's customer and card). */
  children?: ReactNode;
  /** The methods the company's loyalty rules allow (the route reads them); all by default. */
  methods?: readonly StaffStampMethod[];
};

/**
 * The one stamp form of both add-stamp dialogs (the dashboard's and a card's): how the stamp was
 * earned (purchase first) and optional notes, checked with the schema the API uses.
 */
export function StampForm({
  onSubmit,
  pending,
  error,
  canSubmit = true,
  children,
  methods,
}: StampFormProps) {
  const { t } = useTranslation("stamps");
  const form = useForm<z.input<typeof AddStampSchema>, unknown, AddStamp>({
    resolver: zodResolver(AddStampSchema),
    defaultValues: { method: "purchase", notes: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const method = field("method");
  const notes = field("notes");

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      {children}
      <Field id={method.id} label={t("method")} error={method.error}>
        <StampMethodSelect methods={methods} {...method.control} />
      </Field>
      <Field id={notes.id} label={t("notes")} error={notes.error}>
        <Input maxLength={STAMP_NOTES_MAX_LENGTH} {...notes.control} />
      </Field>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit || pending}>
          {pending ? <Spinner /> : null}
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
