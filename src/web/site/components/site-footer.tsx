import { SUPPORT_EMAIL } from "@shared/site";
import { Mail } from "lucide-react";
import { BrandMark, brandLinkClass } from "@/web/components/brand-mark";
import { fill, useTexts } from "../texts";

/** At least 24 px tall: a finger's target on a phone (WCAG 2.5.8). */
const linkClass =
  "inline-flex min-h-6 items-center rounded-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * Footer of every public page: product links, the company links of the spec (About, Articles,
 * Contact, Demo, Support: each leads to a real page), the legal pages and the support e-mail.
 */
export function SiteFooter() {
  const { footer } = useTexts("site");
  const { appName } = useTexts("common");
  const year = new Date().getFullYear();
  const columns = [
    {
      title: footer.product,
      links: [
        { href: "/lp-empresa", label: footer.forCompanies },
        { href: "/lp-usuarios", label: footer.forCustomers },
        { href: "/lp-ia-suprema", label: footer.ai },
        { href: "/lp-empresa#precos", label: footer.pricing },
      ],
    },
    {
      title: footer.company,
      links: [
        // What Carimbou is and does: the business page (the home page only leads to sign-in).
        { href: "/lp-empresa", label: footer.about },
        { href: "/ajuda#artigos", label: footer.blog },
        { href: "/ajuda#contato", label: footer.contact },
        // The demo café's panel, no account needed (demo mode, decision 014).
        { href: "/dashboard?debug=true", label: footer.demo },
        { href: "/ajuda", label: footer.support },
      ],
    },
    {
      title: footer.legal,
      links: [
        { href: "/termos", label: footer.terms },
        { href: "/privacidade", label: footer.privacy },
        { href: "/ajuda", label: footer.help },
      ],
    },
  ];
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <a href="/" className={brandLinkClass}>
            <BrandMark name={appName} />
          </a>
          <p className="text-muted-foreground text-sm">{footer.tagline}</p>
          <p className="text-sm">
            {footer.supportContact}{" "}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="inline-flex min-h-6 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4" />
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="grid content-start gap-3">
            <h2 className="font-semibold text-sm">{column.title}</h2>
            <ul className="grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* The HTML is rendered at build time: a new year may differ until the next build. */}
      <p
        suppressHydrationWarning
        className="border-t px-4 py-4 text-center text-muted-foreground text-xs"
      >
        {fill(footer.rights, { year })}
      </p>
    </footer>
  );
}
