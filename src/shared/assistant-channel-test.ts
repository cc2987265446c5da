import { z } from "zod";
import { text } from "./text";

/**
 * 'Testar conexão' on /ia-suprema (issue 29, point 19): the account id and access token the owner
 * typed (an empty token: the one saved), tried against Meta's Graph API before saving.
 */
export const CHANNEL_TEST_NAMES = ["whatsapp", "instagram"] as const;

export const TestChannelConnectionSchema = z
  .object({
    /** WhatsApp's phone number id or the Instagram account id (digits). */
    nodeId: z
      .string("channel_test_id_invalid")
      .trim()
      .regex(/^\d{5,30}$/, "channel_test_id_invalid"),
    /** Empty: the token saved for the channel. */
    accessToken: text({ message: "channel_test_token_invalid" })
      .trim()
      .max(2048, "channel_test_token_invalid")
      .regex(/^\S*$/, "channel_test_token_invalid"),
  })
  .meta({ id: "TestChannelConnection" });
export type TestChannelConnection = z.infer<typeof TestChannelConnectionSchema>;

/**
 * What went wrong, in the owner's terms: no token to try; Meta refused the token (invalid or
 * expired); Meta knows no such id for this token; the token lacks a permission; too many calls;
 * Meta could not be reached; anything else (Meta's own message in `detail`).
 */
export const CHANNEL_TEST_PROBLEMS = [
  "token_missing",
  "token_invalid",
  "token_expired",
  "id_not_found",
  "permission_missing",
  "rate_limited",
  "unreachable",
  "other",
] as const;
export type ChannelTestProblem = (typeof CHANNEL_TEST_PROBLEMS)[number];

export const ChannelConnectionResultSchema = z
  .object({
    ok: z.boolean(),
    problem: z.enum(CHANNEL_TEST_PROBLEMS).nullable(),
    /** On success: the WhatsApp number ('+55 11 3000-0000') or the Instagram '@username'. */
    account: z.string().nullable(),
    /** On success: the WhatsApp verified name or the Instagram account's name. */
    name: z.string().nullable(),
    /** Meta's own words on an `other` problem. */
    detail: z.string().nullable(),
  })
  .meta({ id: "ChannelConnectionResult" });
export type ChannelConnectionResult = z.infer<typeof ChannelConnectionResultSchema>;
