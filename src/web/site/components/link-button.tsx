import type { ComponentProps } from "react";
import { buttonVariants } from "@/web/components/ui/button-variants";

type Variant = "default" | "outline" | "secondary" | "ghost" | "link";
type Size = "default" | "sm" | "lg";

/** A plain link that looks like a button (the public site has no router: links load pages). */
export function LinkButton({
  variant = "default",
  size = "default",
  className,
  ...props
}: ComponentProps<"a"> & { variant?: Variant; size?: Size }) {
  return <a className={buttonVariants({ variant, size, className })} {...props} />;
}
