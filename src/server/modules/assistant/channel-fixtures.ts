import type {
  SaveInstagramChannelInput,
  SaveWhatsAppChannelInput,
} from "@shared/assistant-channels";
import type { GraphRequest } from "../../test/fake-graph";
import type { AnyChannelAdapter } from "./channel-adapter";
import type { ChannelSecretName } from "./channel-secrets";
import { instagramChannel } from "./instagram.adapter";
import { whatsappChannel } from "./whatsapp.adapter";

/** An inbound text as the platform posts it: its id, and the webhook body carrying it. */
export type InboundText = { id: string; payload: string };

export type InboundOptions = {
  /** The platform's message id (default: a new one). */
  id?: string;
  /** The writer's profile name, where the platform sends one (WhatsApp). */
  name?: string;
  /** The account the text is meant for (default: the café's). */
  account?: string;
  /** When the platform says the text was sent, in seconds (WhatsApp; default: now). */
  timestamp?: number;
};

/** What differs between two channels in their API tests; the behaviours are the suite's. */
export type ChannelFixture<Input extends Record<ChannelSecretName, string>> = {
  adapter: AnyChannelAdapter;
  /** The café's credentials. */
  credentials: Input;
  /** The settings field that names the account (WhatsApp's phone number id, Instagram's id). */
  accountField: keyof Input & string;
  /** A well-formed account id of no company. */
  otherAccount: string;
  /** The café's channel as its settings answer it, but for the webhook URL. */
  savedView: Record<string, unknown>;
  /** The field error of an account id another company saved. */
  accountTaken: string;
  /** Malformed settings, and the field errors they get. */
  malformed: { input: Partial<Input>; fields: Record<string, string> };
  /** Bodies a webhook accepts and reads no text from. */
  emptyBodies: readonly string[];
  /** What the fake Graph API answers a send. */
  graphSuccess: (body: Record<string, unknown>, n: number) => unknown;
  /** A contact's address on the platform (a phone, a scoped id), distinct for each `n`. */
  address: (n: number) => string;
  /** A text from `from` to the café, as the platform's webhook posts it. */
  inbound: (from: string, text: string, options?: InboundOptions) => InboundText;
  /** The recipient of a send the fake Graph API received, and its text. */
  recipientOf: (request: GraphRequest) => string | undefined;
  textOf: (request: GraphRequest) => string;
  /** What the body of a free text (inside the window) holds, besides its text. */
  freeText: Record<string, unknown>;
  /** How a contact who wrote as `name` is stored and listed, and named in the bell. */
  contactNamed: (name: string) => Record<string, unknown>;
  conversationNamed: (name: string) => Record<string, unknown>;
  bellName: (name: string) => string;
};

const WA_ACCOUNT = "1098765432101";
let wamids = 0;

export const WHATSAPP_FIXTURE: ChannelFixture<SaveWhatsAppChannelInput> = {
  adapter: whatsappChannel,
  credentials: {
    phoneNumberId: WA_ACCOUNT,
    accessToken: "EAAcafe-access-token-0001",
    appSecret: "cafe-app-secret-0123456789abcdef",
    verifyToken: "cafe-verify-token",
    templateName: "",
    templateLanguage: "",
  },
  accountField: "phoneNumberId",
  otherAccount: "2098765432102",
  accountTaken: "whatsapp_phone_number_id_taken",
  savedView: {
    configured: true,
    phoneNumberId: WA_ACCOUNT,
    accessTokenSet: true,
    appSecretSet: true,
    verifyTokenSet: true,
    templateName: "",
    templateLanguage: "",
  },
  malformed: {
    input: { phoneNumberId: "12ab", accessToken: "has space", templateName: "Promo Template" },
    fields: {
      phoneNumberId: "whatsapp_phone_number_id_invalid",
      accessToken: "whatsapp_secret_invalid",
      templateName: "whatsapp_template_name_invalid",
    },
  },
  emptyBodies: ["[]", "{}", '{"entry":"x"}', '{"entry":[{"changes":[{"value":7}]}]}'],
  graphSuccess: (_body, n) => ({
    messaging_product: "whatsapp",
    messages: [{ id: `wamid.out.${n}` }],
  }),
  address: (n) => `55119${String(n).padStart(8, "0")}`,
  inbound: (from, text, options = {}) => {
    const id = options.id ?? `wamid.in.${++wamids}`;
    return {
      id,
      payload: JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: "WABA-1",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: {
                    display_phone_number: "551130000000",
                    phone_number_id: options.account ?? WA_ACCOUNT,
                  },
                  contacts: [{ profile: { name: options.name ?? "Fulano" }, wa_id: from }],
                  messages: [
                    {
                      from,
                      id,
                      timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
                      type: "text",
                      text: { body: text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      }),
    };
  },
  recipientOf: (r) => r.body.to as string | undefined,
  textOf: (r) => (r.body.text as { body: string } | undefined)?.body ?? "",
  freeText: { messaging_product: "whatsapp", type: "text" },
  contactNamed: (name) => ({ name }),
  conversationNamed: (name) => ({ name, member: false }),
  bellName: (name) => name,
};

const IG_ACCOUNT = "17841400000000001";
let mids = 0;

export const INSTAGRAM_FIXTURE: ChannelFixture<SaveInstagramChannelInput> = {
  adapter: instagramChannel,
  credentials: {
    accountId: IG_ACCOUNT,
    accessToken: "IGAAcafe-access-token-0001",
    appSecret: "cafe-ig-app-secret-0123456789abcdef",
    verifyToken: "cafe-ig-verify-token",
  },
  accountField: "accountId",
  otherAccount: "17841400000000002",
  accountTaken: "instagram_account_id_taken",
  savedView: {
    configured: true,
    accountId: IG_ACCOUNT,
    accessTokenSet: true,
    appSecretSet: true,
    verifyTokenSet: true,
  },
  malformed: {
    input: { accountId: "abc", accessToken: "a b" },
    fields: {
      accountId: "instagram_account_id_invalid",
      accessToken: "instagram_secret_invalid",
    },
  },
  emptyBodies: [
    "[]",
    "{}",
    "null",
    '{"entry":"x"}',
    '{"entry":[{"messaging":7}]}',
    '{"entry":[{"messaging":[{"sender":{},"message":{"mid":1}}]}]}',
    '{"entry":[{"messaging":[{"sender":{"id":"9"},"read":{"mid":"m"}}]}]}',
    '{"entry":[{"messaging":[{"sender":{"id":"9"},"message":{"mid":"m","attachments":[]}}]}]}',
  ],
  graphSuccess: (body, n) => ({
    recipient_id: (body.recipient as { id?: string } | undefined)?.id,
    message_id: `mid.out.${n}`,
  }),
  address: (n) => `9000${String(n).padStart(4, "0")}`,
  inbound: (from, text, options = {}) => instagramInbound(from, text, options),
  recipientOf: (r) => (r.body.recipient as { id?: string } | undefined)?.id,
  textOf: (r) => (r.body.message as { text?: string } | undefined)?.text ?? "",
  freeText: { messaging_type: "RESPONSE" },
  // Instagram sends no name: the contact is known by its scoped id until a username is read.
  contactNamed: () => ({ username: null }),
  conversationNamed: () => ({ username: "", humanAgentOpen: true }),
  bellName: () => "Instagram",
};

/** An Instagram webhook body with one messaging item; `echo`: the company's own message. */
export function instagramInbound(
  igsid: string,
  text: string,
  options: InboundOptions & { echo?: boolean } = {},
): InboundText {
  const mid = options.id ?? `mid.in.${++mids}`;
  const account = options.account ?? IG_ACCOUNT;
  const fromCompany = options.echo === true;
  return {
    id: mid,
    payload: JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: account,
          time: Date.now(),
          messaging: [
            {
              sender: { id: fromCompany ? account : igsid },
              recipient: { id: fromCompany ? igsid : account },
              timestamp: Date.now(),
              message: { mid, text, ...(fromCompany ? { is_echo: true } : {}) },
            },
          ],
        },
      ],
    }),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the suite runs over fixtures of different inputs
export const CHANNEL_FIXTURES: readonly ChannelFixture<any>[] = [
  WHATSAPP_FIXTURE,
  INSTAGRAM_FIXTURE,
];
