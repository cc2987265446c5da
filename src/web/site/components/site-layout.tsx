import type { ComponentProps, ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** A public page: header (with its links and actions), the page as <main id="conteudo">, footer. */
export function SiteLayout({
  children,
  ...header
}: ComponentProps<typeof SiteHeader> & { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader {...header} />
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
