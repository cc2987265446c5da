import { z } from "zod";
import { EmailSchema, phoneText } from "./auth.schema";
import { SECTORS, STATE_CODES } from "./brazil";
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH } from "./limits";
import { text as textField } from "./text";

/**
 * /dados-empresa and /dados-usuario (spec sections 2, 5 and 7). Messages are keys of the
 * `validation` namespace (or of `company-data:validation` for the ones only these pages use).
 */

/** Logo upload: JPG, PNG or GIF, at most 2 MB (spec sections 5 and 9), type read from the bytes. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const COMPANY_SUMMARY_MAX_LENGTH = 500;
export const LINK_MAX_LENGTH = 300;

/** The social networks a company links to (the /dados-usuario subset has no X). */
export const SOCIAL_LINK_FIELDS = [
  "instagram",
  "facebook",
  "linkedin",
  "youtube",
  "tiktok",
  "x",
] as const;
export type SocialLinkField = (typeof SOCIAL_LINK_FIELDS)[number];

/** `@name` or `name`: letters, digits, dot, underscore and hyphen. */
const HANDLE = /^@?[A-Za-z0-9._-]{1,100}$/;
/** A bare domain with an optional path, e.g. `www.cafe.com.br/menu` (the website field). */
const BARE_DOMAIN = /^([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i;

/** An absolute http(s) URL with a dotted host (or localhost), no spaces. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (url.hostname.includes(".") || url.hostname === "localhost")
    );
  } catch {
    return false;
  }
}

/** Empty, a http(s) URL, or a handle; kept as typed (trimmed). */
const socialLink = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, "social_link_invalid")
  .refine((v) => v === "" || isHttpUrl(v) || HANDLE.test(v), "social_link_invalid");

/** Empty or a http(s) URL: a handle cannot point at a review page. */
const reviewLink = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, "review_link_invalid")
  .refine((v) => v === "" || isHttpUrl(v), "review_link_invalid");

/** Empty or a http(s) URL; a bare domain (`www.cafe.com.br`) gets `https://` in front. */
const website = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, "website_invalid")
  .transform((v) => (BARE_DOMAIN.test(v) ? `https://${v}` : v))
  .refine((v) => v === "" || isHttpUrl(v), "website_invalid");

const tradeName = textField()
  .trim()
  .min(1, "company_name_required")
  .max(NAME_MAX_LENGTH, "name_too_long");

/** Empty or one of the 27 UFs (spec: Estado has 2 characters). */
const optionalState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || (STATE_CODES as readonly string[]).includes(v), "state_invalid");

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || EmailSchema.safeParse(v).success, "email_invalid");

/** The card's brand colour: '#rrggbb' (lower-case). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
/** '#rrggbb' */
export const BRAND_COLOR_LENGTH = 7;

/** A few colours offered next to the colour picker on /dados-empresa. */
export const BRAND_COLOR_PRESETS = [
  "#7c3aed",
  "#2563eb",
  "#0f766e",
  "#15803d",
  "#b45309",
  "#c2410c",
  "#be123c",
  "#6b3e26",
  "#1f2937",
] as const;

/**
 * '#rrggbb' (any case, stored lower-case), or empty/null for the app's default colour. Left out of
 * the body, the colour stays as it is.
 */
const brandColor = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || BRAND_COLOR_PATTERN.test(v), "brand_color_invalid")
  .nullable()
  .optional();

/** /dados-empresa: the company's fields and social links (an empty text clears the field). */
export const UpdateCompanyDataSchema = z.object({
  tradeName,
  email: optionalEmail,
  phone: phoneText,
  whatsapp: phoneText,
  website,
  city: textField().trim().max(CITY_MAX_LENGTH, "city_too_long"),
  state: optionalState,
  sector: z.enum(SECTORS, "sector_required"),
  summary: textField({ multiline: true })
    .trim()
    .max(COMPANY_SUMMARY_MAX_LENGTH, "summary_too_long"),
  instagram: socialLink,
  facebook: socialLink,
  linkedin: socialLink,
  youtube: socialLink,
  tiktok: socialLink,
  x: socialLink,
  googleReviewUrl: reviewLink,
  brandColor,
});
export type UpdateCompanyData = z.infer<typeof UpdateCompanyDataSchema>;

/** /dados-usuario (spec section 7): company name, social links and the Google review link. */
export const UpdateUserDataSchema = z.object({
  tradeName,
  instagram: socialLink,
  facebook: socialLink,
  linkedin: socialLink,
  youtube: socialLink,
  tiktok: socialLink,
  googleReviewUrl: reviewLink,
});
export type UpdateUserData = z.infer<typeof UpdateUserDataSchema>;

const text = z.string().nullable();

/** What both pages load: the company's data as stored (null = not filled in). */
export const CompanyDataSchema = z
  .object({
    id: z.string(),
    tradeName: z.string(),
    email: text,
    phone: text,
    whatsapp: text,
    website: text,
    city: text,
    state: text,
    sector: text,
    summary: text,
    instagram: text,
    facebook: text,
    linkedin: text,
    youtube: text,
    tiktok: text,
    x: text,
    googleReviewUrl: text,
    /** Served by GET /api/companies/{id}/logo?v=<file>; null without a logo. */
    logoUrl: text,
    /** '#rrggbb' of the customers' cards; null = the app's default. */
    brandColor: text,
    updatedAt: z.string(),
  })
  .meta({ id: "CompanyData" });
export type CompanyData = z.infer<typeof CompanyDataSchema>;

export const LogoUploadResultSchema = z
  .object({ logoUrl: z.string() })
  .meta({ id: "LogoUploadResult" });
export type LogoUploadResult = z.infer<typeof LogoUploadResultSchema>;
