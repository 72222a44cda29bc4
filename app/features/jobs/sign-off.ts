/**
 * The homeowner's sign-off of a completed job, without the database: the words they agree to
 * (the estimates' electronic-signature disclosure, for this document) and the two forms' schemas
 * (a signature, or a punch-list comment instead). Client-safe: the forms validate with these.
 * docs/decisions/0217-homeowner-sign-off.md
 */
import "~/lib/zod-browser";
import { z } from "zod";
import { MAX_JOB_NOTE_LENGTH } from "~/features/catalog/jobs";
import {
  type EsignSubject,
  esignConsentLabel,
  esignConsentText,
} from "~/features/estimates/consent";
import { signingFields } from "~/features/estimates/signing";

const SIGN_OFF_SUBJECT: EsignSubject = {
  document: "this completion record",
  meaning:
    "you confirm that the work described above was completed and you accept it as complete. A signed completion record never changes.",
  keepCopy:
    "To keep a copy you need a device that can open web pages or email: we email you a confirmation of your sign-off, and the signed record stays available at the link we emailed you.",
};

/** The disclosure shown above the consent box and stored with every signature. */
export const SIGN_OFF_CONSENT_TEXT = esignConsentText(SIGN_OFF_SUBJECT);

/** The label of the consent checkbox. */
export const SIGN_OFF_CONSENT_LABEL = esignConsentLabel(SIGN_OFF_SUBJECT);

/** The sign form: the hash of the record shown, the consent, the typed name, the drawing. */
export const signOffSchema = z.object({
  recordSha256: z
    .string({ error: "Reload the page and try again" })
    .regex(/^[0-9a-f]{64}$/, "Reload the page and try again"),
  ...signingFields,
});
export type SignOffInput = z.output<typeof signOffSchema>;

/** The punch-list form: what still needs doing, instead of a signature. */
export const punchListSchema = z.object({
  comment: z
    .string({ error: "Write what still needs doing" })
    .trim()
    .min(1, "Write what still needs doing")
    .max(MAX_JOB_NOTE_LENGTH, `At most ${MAX_JOB_NOTE_LENGTH} characters`),
});
export type PunchListInput = z.output<typeof punchListSchema>;

/** What a sign-off page shows: the completed job and where its sign-off stands. */
export interface SignOffView {
  /** J-0001 */
  number: string;
  service: string;
  address: string;
  /** shown in Utah time with its zone */
  completedAt: string | null;
  lines: { name: string; quantity: string }[];
  /** the completion record as label and value */
  facts: [string, string][];
  /** SHA-256 of what this view shows (the form posts it back) */
  recordSha256: string;
  /** `hasSignature`: a drawn signature is kept (staff see it at /admin/jobs/:id/signature.png) */
  signed: { name: string; at: string; onCrewPhone: boolean; hasSignature: boolean } | null;
  punchList: { comment: string; at: string }[];
  consent: { label: string; text: string[] };
}

/** The job list's sign-off filter (the query's `signOff`). */
export const JOB_SIGN_OFF_FILTER = [
  { value: "waiting", label: "Waiting for sign-off" },
  { value: "signed", label: "Signed off" },
];
