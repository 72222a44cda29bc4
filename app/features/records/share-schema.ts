/**
 * The share-link forms of a property's record: make one for 7, 30 or 90 days,
 * revoke one. docs/decisions/0155-record-share-links.md.
 */
import { z } from "zod";
import { idField } from "~/lib/ids";

/** How long a share link may live, in days (the owner picks one; 30 is offered first). */
export const SHARE_LINK_DAYS = [7, 30, 90] as const;
export type ShareLinkDays = (typeof SHARE_LINK_DAYS)[number];

export const SHARE_INTENTS = { share: "share", revoke: "revoke" } as const;

export const SHARE_MESSAGES = {
  days: "Choose how long the link works: 7, 30 or 90 days.",
} as const;

export const shareSchema = z.object({
  days: z
    .string({ error: SHARE_MESSAGES.days })
    .refine((v) => SHARE_LINK_DAYS.some((d) => String(d) === v), SHARE_MESSAGES.days)
    .transform((v) => Number(v) as ShareLinkDays),
});

export const revokeSchema = z.object({ linkId: idField() });
