/**
 * Meta's Graph API, as WhatsApp's and Instagram's adapters send through it: a small fetch client
 * (`POST <base>/<node id>/messages`, the access token as a bearer; the payload is the adapter's).
 * GRAPH_API_BASE_URL points it at a fake server in tests. Every answer is normalized: the message
 * id, or Meta's `error.code` and `error_subcode`, or a null code when Meta never answered.
 */
import type { SendAnswer } from "./channel-adapter";

export const DEFAULT_GRAPH_API_BASE_URL = "https://graph.facebook.com/v21.0";

export type GraphResult = SendAnswer;

type GraphAnswer = {
  /** WhatsApp's message id. */
  messages?: { id?: unknown }[];
  /** Instagram's (and Messenger's) message id. */
  message_id?: unknown;
  error?: { code?: unknown; error_subcode?: unknown; message?: unknown };
};

const integerOrNull = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) ? value : null;

/**
 * `POST <base>/<node id>/messages` with the access token as a bearer (the node: WhatsApp's phone
 * number id, or an Instagram professional account's id), the answer normalized.
 */
export async function postGraphMessage(
  sender: { baseUrl: string; nodeId: string; accessToken: string; timeoutMs?: number },
  payload: object,
): Promise<GraphResult> {
  const url = `${sender.baseUrl}/${encodeURIComponent(sender.nodeId)}/messages`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sender.accessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(sender.timeoutMs ?? 10_000),
      redirect: "error",
    });
  } catch (error) {
    return {
      ok: false,
      code: null,
      message: error instanceof Error ? error.message : "fetch failed",
    };
  }
  let body: GraphAnswer = {};
  try {
    body = (await res.json()) as GraphAnswer;
  } catch {
    // not JSON: the status says what happened
  }
  if (res.ok && !body.error) {
    const id = body.messages?.[0]?.id ?? body.message_id;
    return { ok: true, messageId: typeof id === "string" ? id.slice(0, 256) : null };
  }
  const message = body.error?.message;
  return {
    ok: false,
    code: integerOrNull(body.error?.code),
    subcode: integerOrNull(body.error?.error_subcode),
    message: typeof message === "string" ? message.slice(0, 500) : `HTTP ${res.status}`,
  };
}
