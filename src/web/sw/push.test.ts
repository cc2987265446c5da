import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerPushHandlers } from "./push";

const ORIGIN = "https://app.carimbou.test";

type Listener = (event: unknown) => void;
type FakeWindow = {
  url: string;
  focus: () => Promise<unknown>;
  navigate: (u: string) => Promise<unknown>;
};

/**
 * A service worker's global as push.ts uses it: its listeners, `registration.showNotification`,
 * the open windows and `openWindow`. Each event's `waitUntil` promise is kept, so a test awaits
 * what the worker would.
 */
function fakeWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const worker = {
    location: new URL(`${ORIGIN}/`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification },
    clients: { matchAll: async () => windows, openWindow },
  };
  (globalThis as unknown as { self: unknown }).self = worker;
  registerPushHandlers();
  const dispatch = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { dispatch, showNotification, openWindow };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === "string" ? JSON.parse(value) : value),
  text: () => (typeof value === "string" ? value : JSON.stringify(value)),
});

let previous: unknown;
beforeEach(() => {
  previous = (globalThis as unknown as { self: unknown }).self;
});
afterEach(() => {
  (globalThis as unknown as { self: unknown }).self = previous;
});

describe("the service worker's push notices", () => {
  it("shows the server's title and text, tagged by kind, opening the notice's page", async () => {
    const worker = fakeWorker();
    await worker.dispatch("push", {
      data: pushData({
        kind: "stamp",
        title: "Novo carimbo no Café Aurora",
        body: "Você tem 4 de 10 carimbos.",
        url: "/dashboard-cliente-cartao-fidelidade/c1",
      }),
    });
    expect(worker.showNotification).toHaveBeenCalledWith(
      "Novo carimbo no Café Aurora",
      expect.objectContaining({
        body: "Você tem 4 de 10 carimbos.",
        tag: "stamp",
        icon: "/icons/icon-192.png",
        data: { url: `${ORIGIN}/dashboard-cliente-cartao-fidelidade/c1` },
      }),
    );
  });

  it("a payload it cannot read still shows a notice; a link elsewhere opens the app instead", async () => {
    const worker = fakeWorker();
    await worker.dispatch("push", { data: pushData("não é JSON") });
    await worker.dispatch("push", {
      data: pushData({ kind: "reply", title: "Resposta", body: "Oi", url: "https://evil.test/x" }),
    });
    expect(worker.showNotification.mock.calls[0]?.[0]).toBe("Carimbou");
    expect(worker.showNotification.mock.calls[0]?.[1].body).toBe("não é JSON");
    expect(worker.showNotification.mock.calls[1]?.[1].data).toEqual({ url: `${ORIGIN}/` });
    await worker.dispatch("push", {
      data: pushData({ kind: "reply", title: "Resposta", body: "Oi", url: "//evil.test/x" }),
    });
    expect(worker.showNotification.mock.calls[2]?.[1].data).toEqual({ url: `${ORIGIN}/` });
  });

  it("a tap focuses the window already on that page, or opens it", async () => {
    const url = `${ORIGIN}/mensagens`;
    const onPage = { url, focus: vi.fn(async () => null), navigate: vi.fn(async () => null) };
    const worker = fakeWorker([onPage]);
    const notification = { data: { url }, close: vi.fn() };
    await worker.dispatch("notificationclick", { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(onPage.focus).toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();

    const none = fakeWorker([]);
    await none.dispatch("notificationclick", { notification });
    expect(none.openWindow).toHaveBeenCalledWith(url);
  });

  it("a tap with the app open on another page brings that window to the notice's page", async () => {
    const other = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => null),
      navigate: vi.fn(async () => null),
    };
    const worker = fakeWorker([other]);
    const url = `${ORIGIN}/parcerias-ativas`;
    await worker.dispatch("notificationclick", { notification: { data: { url }, close: vi.fn() } });
    expect(other.focus).toHaveBeenCalled();
    expect(other.navigate).toHaveBeenCalledWith(url);
    expect(worker.openWindow).not.toHaveBeenCalled();
  });
});
