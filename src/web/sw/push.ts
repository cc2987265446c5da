/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/** Web Push in the service worker (issue 32, item 2): showing a notice and opening its page. */
export function registerPushHandlers(): void {
  void self;
}
