import type { ReactNode } from "react";
import { fieldErrorId, fieldHintId } from "@/web/lib/form";
import { cn } from "@/web/lib/utils";
import { Label } from "./label";

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

/**
 * Label, control, optional hint and the field's error message, in that order. Its rows stay at
 * the top of a taller grid cell, so fields side by side keep their labels and inputs aligned.
 */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div data-slot="field" className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={fieldHintId(id)} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
