import type { BrowserContext } from "playwright-core";

type Server = { baseUrl: string };
type Mail = { linkSentTo(to: string): Promise<string> };

const post = (server: Server, path: string, body: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify(body),
  });

/** Signs up through the API and opens the confirmation link from the real e-mail. */
export async function confirmedAccount(
  server: Server,
  mail: Mail,
  kind: "company" | "customer",
  input: Record<string, unknown>,
) {
  const res = await post(server, `/api/accounts/${kind}`, input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const link = await mail.linkSentTo(String(input.email));
  const confirmed = await fetch(link, { redirect: "manual" });
  if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`);
}

/** A browser session made through the API (not the sign-in screen, which has its own tests). */
export async function signInContext(
  context: BrowserContext,
  server: Server,
  email: string,
  password: string,
) {
  const res = await context.request.post(`${server.baseUrl}/api/session`, {
    data: { email, password },
    headers: { origin: server.baseUrl },
  });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
}
