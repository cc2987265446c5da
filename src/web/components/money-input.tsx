import { formatBrazilianMoney, parseBrazilianMoney } from "@shared/money";
import { type ComponentProps, useEffect, useState } from "react";
import { Input } from "./ui/input";

type MoneyInputProps = Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type" | "inputMode"
> & {
  /** The amount in integer cents. */
  cents: number;
  /**
   * Called as the text changes: the cents it means ("5,50", "5.50", "1.234,56", "R$ 5,50"), or
   * null while it means no amount (letters, a negative sign, three decimals).
   */
  onCentsChange: (cents: number | null) => void;
};

/**
 * The one input for amounts in reais: typed as a Brazilian types them (the shared
 * parseBrazilianMoney reads them), shown as "5,50" once the field is left.
 */
export function MoneyInput({ cents, onCentsChange, onBlur, className, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() =>
    Number.isFinite(cents) ? formatBrazilianMoney(cents) : "",
  );
  // A new amount from outside (the saved value came back): show it, unless the text already says it.
  useEffect(() => {
    if (!Number.isFinite(cents)) return;
    setText((current) =>
      parseBrazilianMoney(current) === cents ? current : formatBrazilianMoney(cents),
    );
  }, [cents]);

  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
      >
        R$
      </span>
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={className ? `pl-9 ${className}` : "pl-9"}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onCentsChange(parseBrazilianMoney(e.target.value));
        }}
        onBlur={(e) => {
          const parsed = parseBrazilianMoney(text);
          if (parsed !== null) setText(formatBrazilianMoney(parsed));
          onBlur?.(e);
        }}
      />
    </div>
  );
}
