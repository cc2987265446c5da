/**
 * The sign-in pages and their sign-up pages: app paths (APP_PATHS in site.ts, which checks it),
 * kept apart so the sign-in entry (signin.html, decision 018) loads this and not the site's tables.
 */
/**
 * The sign-in pages, which have their own light entry (signin.html, decision 018): the app's
 * paths still, but the server sends that entry's HTML for them.
 */
export const SIGN_IN_PATHS = [
  "/login-admin",
  "/login-admin-en",
  "/login-cliente",
  "/login-client-en",
] as const;

export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** The sign-in page a path shows (a trailing slash allowed), or null. */
export function signInPathOf(pathname: string): SignInPath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return SIGN_IN_PATHS.find((candidate) => candidate === path) ?? null;
}

/**
 * Each sign-in page and its sign-up page, both with their own address (linkable, reload-safe,
 * Back returns): the link under each form goes to the other.
 */
export const SIGN_UP_PATHS = {
  "/login-admin": "/cadastro-empresa",
  "/login-admin-en": "/signup-company-en",
  "/login-cliente": "/cadastro-cliente",
  "/login-client-en": "/signup-client-en",
} as const satisfies Record<SignInPath, `/${string}`>;

export type SignUpPath = (typeof SIGN_UP_PATHS)[SignInPath];

const normalized = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

/** The sign-up page a path shows (a trailing slash allowed), or null. */
export function signUpPathOf(pathname: string): SignUpPath | null {
  const path = normalized(pathname);
  return Object.values(SIGN_UP_PATHS).find((candidate) => candidate === path) ?? null;
}

/** The other page of a sign-in/sign-up pair ('/login-admin' <-> '/cadastro-empresa'), or null. */
export function authCounterpartOf(pathname: string): SignInPath | SignUpPath | null {
  const signIn = signInPathOf(pathname);
  if (signIn) return SIGN_UP_PATHS[signIn];
  const signUp = signUpPathOf(pathname);
  if (!signUp) return null;
  return (Object.keys(SIGN_UP_PATHS) as SignInPath[]).find((key) => SIGN_UP_PATHS[key] === signUp)!;
}
