import { z } from "zod";

/** Social networks a tag or follow may be claimed on (spec section 9). */
export const SOCIAL_NETWORKS = [
  "instagram",
  "facebook",
  "x",
  "tiktok",
  "youtube",
  "linkedin",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Receipt uploads: JPG, PNG or PDF up to 5 MB (the type is read from the content). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;

export const CLAIM_LINK_MAX_LENGTH = 500;
export const CLAIM_REASON_MAX_LENGTH = 300;

/** A receipt to send: one file of at most RECEIPT_MAX_BYTES (the server checks its type). */
export const ReceiptUploadSchema = z.object({
  file: z.file("receipt_required").max(RECEIPT_MAX_BYTES, "file_too_large"),
});
export type ReceiptUpload = z.infer<typeof ReceiptUploadSchema>;

/** The sites of each network (and their subdomains: www., m., vm.): a claim's link is on one. */
export const NETWORK_DOMAINS: Record<SocialNetwork, string[]> = {
  instagram: ["instagram.com", "instagr.am"],
  facebook: ["facebook.com", "fb.com", "fb.watch", "fb.me"],
  x: ["x.com", "twitter.com", "t.co"],
  tiktok: ["tiktok.com"],
  youtube: ["youtube.com", "youtu.be"],
  linkedin: ["linkedin.com", "lnkd.in"],
};

/** Whether `link` is a page of `network` (an 'Instagram' claim with a facebook.com link is not). */
export function isNetworkLink(network: SocialNetwork, link: string): boolean {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return NETWORK_DOMAINS[network].some((d) => host === d || host.endsWith(`.${d}`));
}

/** Where a handle's profile is on each network (a company may save a handle instead of a link). */
const PROFILE_BASE: Record<SocialNetwork, string> = {
  instagram: "https://www.instagram.com/",
  facebook: "https://www.facebook.com/",
  x: "https://x.com/",
  tiktok: "https://www.tiktok.com/@",
  youtube: "https://www.youtube.com/@",
  linkedin: "https://www.linkedin.com/company/",
};

/** The company's profile on a network as its customers see it: '@handle' and the link to it. */
export const SocialProfileSchema = z
  .object({ network: z.enum(SOCIAL_NETWORKS), label: z.string(), url: z.string() })
  .meta({ id: "SocialProfile" });
export type SocialProfile = z.infer<typeof SocialProfileSchema>;

/**
 * The profile a company's saved social value names ('@cafe', 'cafe' or a link), or null: empty, or
 * a link on another site than the network's (never offered to customers as that network's page).
 */
export function socialProfile(
  network: SocialNetwork,
  value: string | null | undefined,
): SocialProfile | null {
  const saved = value?.trim();
  if (!saved) return null;
  if (/^https?:\/\//i.test(saved)) {
    if (!isNetworkLink(network, saved)) return null;
    const url = new URL(saved);
    const last = url.pathname.split("/").filter(Boolean).at(-1);
    const label = last ? (last.startsWith("@") ? last : `@${last}`) : url.hostname;
    return { network, label: decodeURIComponent(label), url: saved };
  }
  const handle = saved.replace(/^@/, "");
  return { network, label: `@${handle}`, url: `${PROFILE_BASE[network]}${handle}` };
}

/** A social tag or follow, with the link to the post or profile. */
export const SocialClaimSchema = z
  .object({
    method: z.literal("social"),
    network: z.enum(SOCIAL_NETWORKS, "claim_network_invalid"),
    /** Only web links: a `javascript:` or `data:` link would run when the company opens it. */
    link: z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "claim_link_invalid" })
      .max(CLAIM_LINK_MAX_LENGTH, "claim_link_invalid"),
  })
  .refine((c) => isNetworkLink(c.network, c.link), {
    message: "claim_link_network",
    path: ["link"],
    when: (payload) => payload.issues.length === 0,
  });
export type SocialClaim = z.infer<typeof SocialClaimSchema>;

/** A customer's claim without a file: a social tag/follow or a Google review. */
export const CreateClaimSchema = z.discriminatedUnion("method", [
  SocialClaimSchema,
  z.object({ method: z.literal("google_review") }),
]);
export type CreateClaim = z.infer<typeof CreateClaimSchema>;

export const RejectClaimSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "claim_reason_required")
    .max(CLAIM_REASON_MAX_LENGTH, "claim_reason_too_long"),
});
export type RejectClaim = z.infer<typeof RejectClaimSchema>;

export const ClaimSchema = z
  .object({
    id: z.string(),
    cardId: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    method: z.enum(["receipt", "social", "google_review"]),
    status: z.enum(["pending", "approved", "rejected"]),
    network: z.string().nullable(),
    link: z.string().nullable(),
    hasReceipt: z.boolean(),
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: "Claim" });
export type Claim = z.infer<typeof ClaimSchema>;

/** What a customer may claim at a company (its loyalty rules). */
export const ClaimOptionsSchema = z
  .object({
    receipt: z.boolean(),
    socialNetworks: z.array(z.enum(SOCIAL_NETWORKS)),
    googleReviewUrl: z.string().nullable(),
    /** The company's own profile on each offered network that it saved, to tag or follow. */
    socialProfiles: z.array(SocialProfileSchema),
    /** What a social post and a Google review earn: stamps, and the rule's bonus if written. */
    social: z.object({ stamps: z.number().int(), bonus: z.string().nullable() }),
    review: z.object({ stamps: z.number().int(), bonus: z.string().nullable() }),
  })
  .meta({ id: "ClaimOptions" });
export type ClaimOptions = z.infer<typeof ClaimOptionsSchema>;
