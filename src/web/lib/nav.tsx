import { type ComponentProps, createContext, type MouseEvent, type ReactNode, use } from "react";

/** How the customer area's links move: the app's router inside the app, full page loads outside. */
type Nav = { navigate: (to: string) => void; pathname: string };

/**
 * The customer area's links without react-router (decision 043): the customer dashboard's light
 * entry (customer/main.tsx) has no router, so its links are plain full-page navigations (this
 * default); inside the app the customer area's guard provides its router's `navigate` and path
 * (routes/customer/customer-area.tsx), so the same links stay in-app navigations there.
 */
const NavContext = createContext<Nav>({
  navigate: (to) => window.location.assign(to),
  get pathname() {
    return window.location.pathname;
  },
});

export function NavProvider({ value, children }: { value: Nav; children: ReactNode }) {
  return <NavContext value={value}>{children}</NavContext>;
}

/** Navigates to an app path: in the app's router when there is one, else by loading the page. */
export const useNavigateTo = () => use(NavContext).navigate;

/** A plain click (no new tab or window asked for) that the app may handle itself. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!target || target === "_self");

type LinkProps = Omit<ComponentProps<"a">, "href"> & { to: string };

/** A link to an app path (react-router's `Link` for absolute paths, without react-router). */
export function Link({ to, onClick, target, ...props }: LinkProps) {
  const { navigate } = use(NavContext);
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on `to` itself, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it is the current page (react-router's `NavLink`, absolute paths). */
export function NavLink({ to, end, className, ...props }: NavLinkProps) {
  const { pathname } = use(NavContext);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const isActive = path === to || (!end && path.startsWith(`${to}/`));
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
