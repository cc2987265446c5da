// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { mockApi, renderWithApp } from "@/web/test/render";
import { CustomerPushSection } from "./customer-push-section";
import { MemberPushSection } from "./member-push-section";

const PUBLIC_KEY = `B${"A".repeat(86)}`;
const ENDPOINT = "https://fcm.googleapis.com/fcm/send/device-1";
const KEYS = { p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) };
const SUBSCRIPTIONS = "/api/push/subscriptions";
const byEndpoint = `${SUBSCRIPTIONS}?endpoint=${encodeURIComponent(ENDPOINT)}`;

/**
 * This browser as the feature sees it: a service worker registration whose push manager holds
 * `subscribed` (or subscribes on demand) and a notification permission that answers `answer` when
 * asked. Returns the spies a test checks.
 */
function fakeBrowser({
  subscribed = false,
  permission = "default",
  answer = "granted",
}: {
  subscribed?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
} = {}) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe,
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const subscribe = vi.fn(async () => {
    current = subscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission, requestPermission });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: vi.fn(),
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe, unsubscribe, requestPermission };
}

beforeAll(async () => {
  await loadNamespaces(["notifications"]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("Notificações neste aparelho (the customer's)", () => {
  it("turning a switch on asks for the permission, subscribes and saves that kind", async () => {
    const browser = fakeBrowser();
    const calls = mockApi({
      "GET /api/push/public-key": { body: { publicKey: PUBLIC_KEY } },
      [`PUT ${SUBSCRIPTIONS}`]: (body) => ({
        body: { ...(body as object), createdAt: "2026-11-27T10:00:00.000Z" },
      }),
    });
    const { user } = renderWithApp(<CustomerPushSection />);
    const stamp = await screen.findByRole("switch", { name: "você receber um carimbo" });
    expect((stamp as HTMLInputElement).checked).toBe(false);
    await user.click(stamp);
    expect(await screen.findByText("Notificações deste aparelho atualizadas")).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
      kinds: ["stamp"],
    });
    expect(
      (screen.getByRole("switch", { name: "você receber um carimbo" }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("reads this device's switches and turning the last one off removes the subscription", async () => {
    const browser = fakeBrowser({ subscribed: true, permission: "granted" });
    const calls = mockApi({
      "GET /api/push/public-key": { body: { publicKey: PUBLIC_KEY } },
      [`GET ${byEndpoint}`]: {
        body: { endpoint: ENDPOINT, kinds: ["reply"], createdAt: "2026-11-27T10:00:00.000Z" },
      },
      [`DELETE ${SUBSCRIPTIONS}`]: { status: 204 },
    });
    const { user } = renderWithApp(<CustomerPushSection />);
    const reply = await screen.findByRole("switch", { name: "uma empresa responder sua mensagem" });
    await waitFor(() => expect((reply as HTMLInputElement).checked).toBe(true));
    expect(
      (screen.getByRole("switch", { name: "você receber um carimbo" }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.click(reply);
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ endpoint: ENDPOINT });
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await waitFor(() => expect((reply as HTMLInputElement).checked).toBe(false));
  });

  it("notifications refused in the browser: says how to allow them, and saves nothing", async () => {
    const browser = fakeBrowser({ answer: "denied" });
    const calls = mockApi({ "GET /api/push/public-key": { body: { publicKey: PUBLIC_KEY } } });
    const { user } = renderWithApp(<CustomerPushSection />);
    await user.click(await screen.findByRole("switch", { name: "seu cartão ficar completo" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "As notificações estão bloqueadas para este site",
    );
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("on an iPhone's Safari outside the installed app, tells to add it to the home screen", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1",
    );
    mockApi({});
    renderWithApp(<CustomerPushSection />);
    expect((await screen.findByRole("status")).textContent).toContain(
      "'Adicionar à Tela de Início'",
    );
    expect(screen.queryByRole("switch")).toBeNull();
  });
});

describe("Notificações push neste aparelho (a company member's)", () => {
  it("with the company's push off, says so next to the switches", async () => {
    fakeBrowser({ permission: "granted" });
    mockApi({ "GET /api/push/public-key": { body: { publicKey: PUBLIC_KEY } } });
    renderWithApp(
      <MemberPushSection
        memberRole="manager"
        company={{ push: false, messages: true, stamps: true }}
      />,
    );
    expect((await screen.findByRole("status")).textContent).toContain(
      "está desligado em Notificações Gerais",
    );
    expect(await screen.findByRole("switch", { name: "Novas mensagens de clientes" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Novas solicitações de carimbo" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Pedidos de parceria" })).toBeTruthy();
  });

  it("a claim's switch says when the company's 'Carimbos' holds it back; an attendant sees none", async () => {
    fakeBrowser({ permission: "granted" });
    mockApi({ "GET /api/push/public-key": { body: { publicKey: PUBLIC_KEY } } });
    const { unmount } = renderWithApp(
      <MemberPushSection
        memberRole="manager"
        company={{ push: true, messages: true, stamps: false }}
      />,
    );
    await screen.findByRole("switch", { name: "Novas solicitações de carimbo" });
    expect(
      screen.getByText("Desligado para a empresa em 'Carimbos' (Notificações Gerais)."),
    ).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    unmount();
    renderWithApp(
      <MemberPushSection
        memberRole="attendant"
        company={{ push: true, messages: true, stamps: true }}
      />,
    );
    expect(screen.queryByText("Notificações push neste aparelho")).toBeNull();
  });
});
