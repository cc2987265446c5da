import { Stamp } from "lucide-react";
import { cn } from "@/web/lib/utils";

/** A card's stamp slots: 5 columns, filled up to `stamps` (spec section 9). Decorative. */
export function StampGrid({ stamps, max }: { stamps: number; max: number }) {
  return (
    <ol className="grid grid-cols-5 gap-2" aria-hidden="true">
      {Array.from({ length: max }, (_, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: stamp slots are positions
          key={i}
          className={cn(
            "flex aspect-square items-center justify-center rounded-full border-2",
            i < stamps ? "border-primary bg-primary text-primary-foreground" : "border-dashed",
          )}
        >
          {i < stamps ? <Stamp className="size-4" /> : null}
        </li>
      ))}
    </ol>
  );
}
