/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/** The counter's offline queue in the service worker (issue 32, item 5): Background Sync. */
export function registerCounterSync(): void {
  void self;
}
