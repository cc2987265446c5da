import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { toast } from "sonner";
import { Toaster } from "@/web/components/ui/sonner";
import { type FakeRequest, setFakeApi } from "./fake-fetch";

/**
 * Renders `ui` as the app would: in a fresh query client (no retries, so a failure shows at once)
 * beside the app's toasts (none left from an earlier test: sonner keeps them in the module and
 * shows the ones still active to a new Toaster). `user` types and clicks as a person does.
 */
export function renderWithApp(ui: ReactElement) {
  toast.dismiss();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...view };
}

/** What the fake API answers: a status (200 by default) and a JSON body. */
type ApiAnswer = { status?: number; body?: unknown };

/** The error body of the API (`{ error: { code, message, fields? } }`). */
export const apiError = (
  status: number,
  code: string,
  fields?: Record<string, string>,
): ApiAnswer => ({
  status,
  body: { error: { code, message: code, ...(fields ? { fields } : {}) } },
});

/**
 * The API of this test (the setup drops it after the test): `routes` answers by "METHOD /path"
 * (a function sees the request's JSON body); any other request gets 404. Returns the requests
 * sent, in order (header names in lower case).
 */
export function mockApi(
  routes: Record<string, ApiAnswer | ((body: unknown) => ApiAnswer | Promise<ApiAnswer>)>,
) {
  const calls: FakeRequest[] = [];
  setFakeApi(async (request) => {
    calls.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const answer =
      route === undefined
        ? apiError(404, "not_found")
        : typeof route === "function"
          ? await route(request.body)
          : route;
    const empty = answer.body === undefined;
    return new Response(empty ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: empty ? { "Content-Length": "0" } : { "Content-Type": "application/json" },
    });
  });
  return calls;
}
