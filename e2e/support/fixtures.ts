import type { APIRequestContext, BrowserContext } from "playwright-core";
import { COUNTER_RULES_OFF } from "../../src/server/test/counter-rules-off";

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

/** Turns the counter's interval and daily cap off, as the company's owner signed in on `request`. */
export async function turnCounterRulesOff(request: APIRequestContext, server: Server) {
  const res = await request.put(`${server.baseUrl}/api/settings/counter-rules`, {
    data: COUNTER_RULES_OFF,
    headers: { origin: server.baseUrl },
  });
  if (res.status() !== 200) throw new Error(`counter rules: ${res.status()}`);
}

/**
 * A customer added by the company's 'Novo Cliente' who accepted the invitation (the membership
 * exists only after they accept): invited through the API, the link read from the real e-mail,
 * the account made on /api/invitations/sign-up.
 */
export async function invitedCustomer(
  context: BrowserContext,
  server: Server,
  mail: Mail,
  input: { name: string; email: string; phone?: string },
) {
  const data = { phone: "", birthDate: "", city: "Campinas", state: "SP", ...input };
  const res = await context.request.post(`${server.baseUrl}/api/customers`, {
    data,
    headers: { origin: server.baseUrl },
  });
  if (res.status() !== 201) throw new Error(`invite customer failed: ${await res.text()}`);
  const token = new URL(await mail.linkSentTo(data.email)).searchParams.get("token");
  const { email: _email, ...own } = data;
  const accepted = await post(server, "/api/invitations/sign-up", {
    ...own,
    token,
    password: "segredo1",
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${await accepted.text()}`);
}
