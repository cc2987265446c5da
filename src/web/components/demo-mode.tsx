import { useQueryClient } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError, setDemoMode } from "@/web/lib/api-client";
import {
  DEMO_PARAM,
  DemoModeContext,
  isDemoPath,
  LEAVE_DEMO_STATE,
  useDemoMode,
} from "@/web/lib/demo-mode";
import { i18n } from "@/web/lib/i18n";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";

/**
 * The spec's text for a refused save, once on screen however many parts of the page report it:
 * a neutral notice (the demo explains itself), never a red 'Erro'.
 */
function toastDemoRefusal() {
  toast(i18n.t("errors:demo_read_only"), {
    id: "demo-read-only",
    description: i18n.t("layout:demo.refused"),
  });
}

/** A form's own error toast of a refused save: the demo's notice instead (see the provider). */
export function demoAwareErrorToast(original: typeof toast.error): typeof toast.error {
  return (message, data) => {
    const text = i18n.t("errors:demo_read_only");
    if (message === text || data?.description === text) {
      toastDemoRefusal();
      return "demo-read-only";
    }
    return original(message, data);
  };
}

/**
 * Turns demo mode on and off from the URL (decision 014). `?debug=true` on a demo page turns it
 * on; it stays on while the visitor moves between demo pages (`?debug=true` is put back in the
 * address, so a reload or a shared link stays in the demo), and goes off on any other page, with
 * `?debug=false`, or through the banner's link. A change first unmounts the pages, waits for
 * running saves, empties the query cache, then switches the API client's header and mounts them
 * again: no query of one mode ever shows, or stores, an answer of the other.
 */
export function DemoModeProvider({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const onDemoPage = isDemoPath(location.pathname);
  const flag = new URLSearchParams(location.search).get(DEMO_PARAM);
  const leaving = (location.state as { leaveDemo?: boolean } | null)?.leaveDemo === true;
  const [active, setActive] = useState(() => {
    const on = onDemoPage && flag === "true";
    setDemoMode(on);
    return on;
  });
  const wanted = !onDemoPage
    ? false
    : flag === "true"
      ? true
      : flag === "false" || leaving
        ? false
        : active;

  useLayoutEffect(() => {
    if (wanted === active) return;
    let done = false;
    const apply = () => {
      if (done || client.isMutating() > 0) return;
      done = true;
      void client.cancelQueries();
      client.removeQueries();
      setDemoMode(wanted);
      setActive(wanted);
    };
    const unsubscribe = client.getMutationCache().subscribe(apply);
    apply();
    return () => {
      done = true;
      unsubscribe();
    };
  }, [wanted, active, client]);

  // Still in the demo on a page reached without the flag: put it back in the address.
  useEffect(() => {
    if (!active || !wanted || flag === "true") return;
    const params = new URLSearchParams(location.search);
    params.set(DEMO_PARAM, "true");
    navigate(
      { pathname: location.pathname, search: `?${params}`, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [active, wanted, flag, location, navigate]);

  // In the demo, a form's red 'Erro' toast of a refused save becomes the demo's neutral notice.
  useLayoutEffect(() => {
    if (!active) return;
    const original = toast.error;
    toast.error = demoAwareErrorToast(original);
    return () => {
      toast.error = original;
    };
  }, [active]);

  // Every refused save says so (whatever the form's own error text).
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        const error = event.action.error;
        if (error instanceof ApiError && error.code === "demo_read_only") {
          // After the form's own handlers, which may already show the text.
          setTimeout(toastDemoRefusal, 150);
        }
      }),
    [client],
  );

  if (wanted !== active) return fallback;
  return <DemoModeContext value={active}>{children}</DemoModeContext>;
}

/** The debug banner on the demo pages: sample data, nothing saved, and the way out. */
export function DemoBanner() {
  const { t } = useTranslation("layout");
  const demo = useDemoMode();
  const { pathname } = useLocation();
  if (!demo) return null;
  return (
    <Alert role="status" data-testid="demo-banner" className="border-primary/40 bg-primary/5">
      <FlaskConical aria-hidden="true" className="text-primary" />
      <AlertTitle>{t("demo.title")}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{t("demo.text")}</span>
        <Link
          to={pathname}
          state={LEAVE_DEMO_STATE}
          className="font-medium text-primary underline underline-offset-4"
        >
          {t("demo.leave")}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
