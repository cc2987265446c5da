import { Check, type LucideIcon } from "lucide-react";

/**
 * A list of short texts, each after a tick (or `icon`, e.g. a cross for what goes wrong).
 * `inline`: the items flow in a wrapping row (trust lines under a call to action); otherwise one
 * item a line, the icon beside its first line. `large`: a bigger icon and gap (lists in cards).
 * `className` lays out and sizes the <ul>; `iconClassName` colours the icons.
 */
export function CheckList({
  items,
  className = "",
  inline = false,
  large = false,
  icon: Icon = Check,
  iconClassName = "text-success",
}: {
  items: readonly string[];
  className?: string;
  inline?: boolean;
  large?: boolean;
  icon?: LucideIcon;
  iconClassName?: string;
}) {
  const itemClass = inline
    ? "inline-flex items-center gap-1.5"
    : `flex ${large ? "gap-3" : "gap-2"}`;
  const iconClass = `${inline ? "" : "mt-0.5"} ${large ? "size-5" : "size-4"} shrink-0 ${iconClassName}`;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClass}>
          <Icon aria-hidden="true" className={iconClass} />
          {inline ? item : <span className="min-w-0">{item}</span>}
        </li>
      ))}
    </ul>
  );
}
