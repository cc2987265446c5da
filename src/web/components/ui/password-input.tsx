import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cn } from "@/web/lib/utils";
import { Input } from "./input";

type PasswordInputProps = Omit<ComponentProps<"input">, "type"> & {
  /** Names of the toggle, e.g. "Mostrar senha" / "Ocultar senha". */
  showLabel: string;
  hideLabel: string;
};

/**
 * A password field with a show/hide toggle. The toggle is named by visually hidden text (not
 * `aria-label`), so "find the field labelled Senha" finds only the input.
 */
export function PasswordInput({
  className,
  showLabel,
  hideLabel,
  id,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? "text" : "password"}
        className={cn("pr-10", className)}
        {...props}
      />
      <button
        type="button"
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{visible ? hideLabel : showLabel}</span>
      </button>
    </div>
  );
}
