import { cn } from "@/web/lib/utils";

type CharacterCountProps = { id?: string; count: number; max: number; className?: string };

/** "123/2000" under a text box; red once the text is over the limit (sending is then blocked). */
export function CharacterCount({ id, count, max, className }: CharacterCountProps) {
  const over = count > max;
  return (
    <p
      id={id}
      data-slot="character-count"
      data-over={over || undefined}
      className={cn(
        "text-right text-xs tabular-nums",
        over ? "font-medium text-destructive" : "text-muted-foreground",
        className,
      )}
    >
      {count}/{max}
    </p>
  );
}
