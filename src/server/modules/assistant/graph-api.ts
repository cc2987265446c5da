/**
 * Meta's Graph API for the WhatsApp Business Cloud API: a small fetch client that sends a text or
 * an approved template from a company's phone number (`POST <base>/<phone-number-id>/messages`,
 * the access token as a bearer). GRAPH_API_BASE_URL points it at a fake server in tests. Every
 * answer is normalized: the message id, or Meta's `error.code` (131047: more than 24 hours since
 * the customer's last message, only a template may go out), or null when Meta never answered.
 * Instagram Direct sends through the same endpoint shape (`postGraphMessage`, instagram-send.ts).
 */

export const DEFAULT_GRAPH_API_BASE_URL = "https://graph.facebook.com/v21.0";

/** Meta's error when a free-form message is sent outside the 24-hour customer-service window. */
export const GRAPH_OUTSIDE_WINDOW = 131047;

export type GraphSender = {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
};

export type GraphResult =
  | { ok: true; messageId: string | null }
  | { ok: false; code: number | null; subcode?: number | null; message: string };

type GraphAnswer = {
  /** WhatsApp's message id. */
  messages?: { id?: unknown }[];
  /** Instagram's (and Messenger's) message id. */
  message_id?: unknown;
  error?: { code?: unknown; error_subcode?: unknown; message?: unknown };
};

const integerOrNull = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) ? value : null;

function post(sender: GraphSender, payload: object): Promise<GraphResult> {
  return postGraphMessage(
    { ...sender, nodeId: sender.phoneNumberId },
    { messaging_product: "whatsapp", recipient_type: "individual", ...payload },
  );
}

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

/** A free-form text (only inside the 24-hour window). `to`: the digits WhatsApp gave as `from`. */
export function sendGraphText(sender: GraphSender, to: string, body: string): Promise<GraphResult> {
  return post(sender, { to, type: "text", text: { preview_url: false, body } });
}

/** An approved template (allowed any time), with the values of its body's `{{n}}`, if any. */
export function sendGraphTemplate(
  sender: GraphSender,
  to: string,
  template: { name: string; language: string; bodyParameters?: string[] },
): Promise<GraphResult> {
  const parameters = template.bodyParameters ?? [];
  return post(sender, {
    to,
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      ...(parameters.length > 0
        ? {
            components: [
              { type: "body", parameters: parameters.map((text) => ({ type: "text", text })) },
            ],
          }
        : {}),
    },
  });
}
