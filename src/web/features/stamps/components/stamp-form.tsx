import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AddStamp,
  AddStampSchema,
  OVERRIDE_REASON_MAX_LENGTH,
  STAMP_NOTES_MAX_LENGTH,
  type StaffStampMethod,
} from "@shared/stamps.schema";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { DialogClose } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { fieldAria, useFormField } from "@/web/lib/form";
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
  /**
   * The member may stamp past the interval or the daily cap with a reason (a Gerente or the Dono:
   * `can(role, "stampOverride")`; the route knows the role).
   */
  mayOverride?: boolean;
};

/** The counter rules' refusals a reason can pass. */
const OVERRIDABLE = new Set(["stamp_too_soon", "stamp_daily_cap"]);

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
  mayOverride = false,
}: StampFormProps) {
  const { t } = useTranslation("stamps");
  const overridable = mayOverride && error instanceof ApiError && OVERRIDABLE.has(error.code);
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
      {overridable ? (
        <OverrideReason
          pending={pending}
          onOverride={(overrideReason) =>
            form.handleSubmit((stamp) => onSubmit({ ...stamp, overrideReason }))()
          }
        />
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

/**
 * Past the interval or the daily cap, a Gerente or the Dono may stamp anyway with the reason
 * ('Carimbar mesmo assim'): it is kept with the stamp and who gave it.
 */
function OverrideReason({
  pending,
  onOverride,
}: {
  pending: boolean;
  onOverride: (reason: string) => void;
}) {
  const { t } = useTranslation("stamps");
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const checked = AddStampSchema.shape.overrideReason.safeParse(reason);
    if (!checked.success || !checked.data) {
      setError(validationMessage(checked.error?.issues[0]?.message ?? "override_reason_required"));
      return;
    }
    onOverride(checked.data);
  };
  return (
    <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-500/5 p-3">
      <Field id={id} label={t("override.reason")} hint={t("override.hint")} error={error}>
        <Input
          {...fieldAria(id, { hint: !error, error })}
          maxLength={OVERRIDE_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Button type="button" variant="secondary" disabled={pending} onClick={submit}>
        {t("override.submit")}
      </Button>
    </div>
  );
}
