import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/web/lib/utils";

/** A spinning icon. Give it a `label` when it is the only sign that something is loading. */
export function Spinner({
  className,
  label,
  ...props
}: ComponentProps<"svg"> & { label?: string }) {
  return (
    <LoaderCircle
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}
