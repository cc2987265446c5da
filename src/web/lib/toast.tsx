import {
  type ComponentProps,
  lazy,
  type ReactElement,
  Suspense,
  useEffect,
  useSyncExternalStore,
} from "react";
import type * as Sonner from "sonner";
import { onFirstTouch } from "./first-touch";

/**
 * What `import { toast, Toaster } from "sonner"` gives the app's build (vite.config.ts's
 * `lazyToasts`, decision 042): the same calls, with sonner itself (9 KB gzipped) fetched at the
 * first touch of the page, or with the first toast if that comes sooner, not with the first
 * screen. A toast asked for before sonner is there shows once it is (its id is given at once, as
 * sonner gives it); `Toaster` renders sonner's from the first toast on.
 */

type SonnerModule = typeof Sonner;

let module: Promise<SonnerModule> | undefined;
/** Sonner once fetched (for the calls that answer at once). */
let loaded: SonnerModule | undefined;
const load = () => {
  module ??= import("sonner").then((sonner) => {
    loaded = sonner;
    return sonner;
  });
  return module;
};
onFirstTouch(() => void load());

/** Resolved once sonner's Toaster is mounted and listening: every call waits for it, in order. */
let shown = false;
const listeners = new Set<() => void>();
let mounted: () => void = () => {};
const ready = new Promise<SonnerModule>((resolve) => {
  mounted = () => void load().then(resolve);
});

function run(call: (sonner: SonnerModule) => void) {
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
  void ready.then(call);
}

let count = 0;
const idOf = (data?: Sonner.ExternalToast) => data?.id ?? `toast-${++count}`;

type Show = (
  message: Parameters<typeof Sonner.toast>[0],
  data?: Sonner.ExternalToast,
) => string | number;
const shower =
  (pick: (sonner: SonnerModule) => Show): Show =>
  (message, data) => {
    const id = idOf(data);
    run((sonner) => pick(sonner)(message, { ...data, id }));
    return id;
  };

export const toast: typeof Sonner.toast = Object.assign(
  shower((sonner) => sonner.toast),
  {
    success: shower((sonner) => sonner.toast.success),
    info: shower((sonner) => sonner.toast.info),
    warning: shower((sonner) => sonner.toast.warning),
    error: shower((sonner) => sonner.toast.error),
    message: shower((sonner) => sonner.toast.message),
    loading: shower((sonner) => sonner.toast.loading),
    custom: (jsx: (id: number | string) => ReactElement, data?: Sonner.ExternalToast) => {
      const id = idOf(data);
      run((sonner) => sonner.toast.custom(jsx, { ...data, id }));
      return id;
    },
    promise: ((promise, data) => {
      const id = idOf(data as Sonner.ExternalToast | undefined);
      run((sonner) => sonner.toast.promise(promise, { ...data, id }));
      const settled = Promise.resolve(typeof promise === "function" ? promise() : promise);
      return { unwrap: () => settled };
    }) as (typeof Sonner.toast)["promise"],
    /** Nothing to dismiss before the first toast. */
    dismiss: (id?: number | string) => {
      if (shown) void ready.then((sonner) => sonner.toast.dismiss(id));
      return id as number | string;
    },
    getHistory: () => loaded?.toast.getHistory() ?? [],
    getToasts: () => loaded?.toast.getToasts() ?? [],
  },
);

const RealToaster = lazy(async () => {
  const sonner = await load();
  function Mounted(props: ComponentProps<SonnerModule["Toaster"]>) {
    // After sonner's own effect (a child's effects run first): it listens from now on.
    useEffect(() => mounted(), []);
    return <sonner.Toaster {...props} />;
  }
  return { default: Mounted };
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** sonner's `Toaster`, rendered from the first toast on (nothing to show before). */
export function Toaster(props: ComponentProps<SonnerModule["Toaster"]>) {
  const show = useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <RealToaster {...props} />
    </Suspense>
  ) : null;
}
