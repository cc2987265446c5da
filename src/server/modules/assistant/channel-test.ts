/**
 * 'Testar conexão' (issue 29, point 19): reads the WhatsApp number or the Instagram account with
 * the given access token through Meta's Graph API (`GET <base>/<id>?fields=…`) and says plainly
 * what is wrong. Nothing is saved; the token is never logged nor returned.
 */
import type { ChannelConnectionResult, ChannelTestProblem } from "@shared/assistant-channel-test";
import type { Db } from "../../db/client";
import type { CompanyActor } from "../../middleware/actor";
import type { ChannelDeps, ChannelName } from "./channel-adapter";
import { openChannel } from "./channel-settings";
import { CHANNEL_ADAPTERS } from "./channels";
import { DEFAULT_GRAPH_API_BASE_URL } from "./graph-api";

/** What each channel reads: the fields that name the account to the owner. */
const FIELDS: Record<ChannelName, string> = {
  whatsapp: "display_phone_number,verified_name",
  instagram: "username,name",
};

type GraphNode = {
  display_phone_number?: unknown;
  verified_name?: unknown;
  username?: unknown;
  name?: unknown;
  error?: { code?: unknown; error_subcode?: unknown; message?: unknown };
};

const str = (value: unknown) => (typeof value === "string" && value ? value.slice(0, 200) : null);
const failed = (problem: ChannelTestProblem, detail: string | null = null) =>
  ({ ok: false, problem, account: null, name: null, detail }) satisfies ChannelConnectionResult;

/**
 * Meta's error codes in the owner's terms (developers.facebook.com/docs/graph-api/guides/
 * error-handling): 190 the token (subcodes 463 and 467: expired or signed out), 100 with subcode
 * 33 an id this token cannot see, 10 and 200–299 a permission, 4, 17, 32, 613 and 80007 limits.
 */
export function problemOf(code: number | null, subcode: number | null): ChannelTestProblem {
  if (code === null) return "unreachable";
  if (code === 190) return subcode === 463 || subcode === 467 ? "token_expired" : "token_invalid";
  if (code === 100 && (subcode === 33 || subcode === null)) return "id_not_found";
  if (code === 10 || (code >= 200 && code <= 299)) return "permission_missing";
  if ([4, 17, 32, 613, 80007].includes(code)) return "rate_limited";
  return "other";
}

const integerOrNull = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) ? value : null;

/** `GET <base>/<id>?fields=…` with the token as a bearer, in the owner's terms. */
export async function readGraphAccount(
  options: { baseUrl: string; channel: ChannelName; nodeId: string; accessToken: string },
  timeoutMs = 10_000,
): Promise<ChannelConnectionResult> {
  const url = `${options.baseUrl}/${encodeURIComponent(options.nodeId)}?fields=${FIELDS[options.channel]}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${options.accessToken}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch {
    return failed("unreachable");
  }
  let body: GraphNode = {};
  try {
    body = (await res.json()) as GraphNode;
  } catch {
    // not JSON: the status says what happened
  }
  if (!res.ok || body.error) {
    const code = integerOrNull(body.error?.code) ?? (res.status >= 500 ? null : -1);
    const problem = problemOf(code, integerOrNull(body.error?.error_subcode));
    return failed(
      problem,
      problem === "other" ? (str(body.error?.message) ?? `HTTP ${res.status}`) : null,
    );
  }
  const account =
    options.channel === "whatsapp"
      ? str(body.display_phone_number)
      : str(body.username) && `@${str(body.username)}`;
  const name = options.channel === "whatsapp" ? str(body.verified_name) : str(body.name);
  return { ok: true, problem: null, account, name, detail: null };
}

/**
 * POST /api/assistant/:channel/connection-test: the token typed, else the channel's saved one
 * (opened with the app's key), tried on the id typed.
 */
export async function testChannelConnection(
  db: Db,
  deps: ChannelDeps,
  actor: CompanyActor,
  channel: ChannelName,
  input: { nodeId: string; accessToken: string },
): Promise<ChannelConnectionResult> {
  let accessToken = input.accessToken;
  if (!accessToken) {
    const adapter = CHANNEL_ADAPTERS.find((a) => a.name === channel);
    const saved = adapter
      ? await openChannel(db, adapter, deps, actor.companyId, ["access_token"] as const)
      : null;
    if (!saved) return failed("token_missing");
    accessToken = saved.secrets.access_token;
  }
  return readGraphAccount({
    baseUrl: deps.graphApiBaseUrl ?? DEFAULT_GRAPH_API_BASE_URL,
    channel,
    nodeId: input.nodeId,
    accessToken,
  });
}
