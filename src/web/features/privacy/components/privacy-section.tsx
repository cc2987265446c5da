import { type ReactNode, useId } from "react";
import { cn } from "@/web/lib/utils";

/** One section of 'Meus dados': a heading (h2), a line that says what it is for, its content. */
export function PrivacySection({
  title,
  description,
  danger = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The danger zone ('Excluir minha conta'): a red border. */
  danger?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "grid min-w-0 gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6",
        danger && "border-destructive/50",
      )}
    >
      <div className="grid gap-1">
        <h2 id={id} className={cn("font-semibold text-lg", danger && "text-destructive")}>
          {title}
        </h2>
        {description ? <div className="text-muted-foreground text-sm">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
