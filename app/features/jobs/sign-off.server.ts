/**
 * The homeowner's sign-off of a completed job: on the crew's phone (the admin job page's
 * 'Homeowner sign-off' section) or from the private link `/jobs/{token}` mailed at completion.
 * A signature is taken and recorded as an estimate's acceptance is (features/estimates'
 * signing pieces: the disclosure, the drawn signature's check, the audit columns); a punch-list
 * comment instead keeps the job waiting for its signature and alerts the office. One signature
 * per job (a partial unique index), never changed afterwards (a trigger on the sign-off and on the
 * completion record). docs/decisions/0217-homeowner-sign-off.md
 */
import { createHash, randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, count, eq, exists, not, sql } from "drizzle-orm";
import { data, href } from "react-router";
import {
  job_lines,
  job_sign_off_links,
  job_sign_offs,
  job_status_history,
  jobs,
  quote_status_links,
  quotes,
} from "~/db/schema";
import { company } from "~/features/catalog/company";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import { RADON_RETEST } from "~/features/catalog/follow-ups";
import {
  jobNumberLabel,
  moldCondition,
  moldContainment,
  moldVerification,
  radonSystemType,
  waterEquipment,
} from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import {
  type ClientInfo,
  signatureImage,
  signerAudit,
  signingLinkExpired,
  signingLinkValidUntil,
  unreadableSignature,
} from "~/features/estimates/signing.server";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { kickOutbox, type OutboxMessage, queueMail } from "~/lib/outbox.server";
import { refusal } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Transaction } from "./create.server";
import { moldDisclosure, moldRecordSchema } from "./record";
import {
  type PunchListInput,
  punchListSchema,
  SIGN_OFF_CONSENT_LABEL,
  SIGN_OFF_CONSENT_TEXT,
  type SignOffInput,
  type SignOffView,
  signOffSchema,
} from "./sign-off";

type Executor = Pick<Database, "select">;

/** Who answers: staff holding the phone for the homeowner, or the holder of a mailed link. */
export type SignOffParty =
  | { via: "crew"; jobId: string; staffId: string }
  | { via: "link"; token: string };

export type SignOffOutcome<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: 400 | 404 | 409 | 410;
      message: string;
      fieldErrors?: Record<string, string[]>;
    };

const NOT_FOUND = refusal(404, "This job is not available.");
const NOT_COMPLETED = refusal(409, "The homeowner signs off once the job is completed.");
const CHANGED = refusal(
  409,
  "The completion record changed since it was opened. Please review it again.",
);

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

const alreadySigned = (name: string, at: Date) =>
  refusal(
    409,
    `This job was signed off by ${name} on ${formatDateTime(at)}. A signed completion is never edited; contact the office for anything more.`,
  );

const expired = (validUntil: string) =>
  refusal(410, `This link expired on ${formatDate(validUntil)}. Contact us for a new one.`);

/**
 * A fresh sign-off link for job `jobId` mailed at `now`: 256 random bits, only their SHA-256
 * stored, valid as an estimate's link is (30 Utah days).
 */
function newSignOffLink(jobId: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const validUntil = signingLinkValidUntil(now);
  return {
    row: { token_hash: sha256Hex(token), job_id: jobId, valid_until: validUntil },
    url: new URL(`/jobs/${token}`, env().PUBLIC_URL).href,
    validUntil,
  };
}

/**
 * Inside `tx` (the completion's transaction, or staff sending a new link): a fresh sign-off link
 * for job `jobId` and the homeowner's mail with it. Call `kickOutbox()` after the commit.
 * @returns false for an unknown job (nothing written)
 */
export async function mailSignOffLink(
  tx: Transaction,
  jobId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [job] = await tx
    .select({
      number: jobs.number,
      quoteId: jobs.quote_id,
      service: jobs.service,
      email: quotes.contact_email,
      firstName: quotes.contact_first_name,
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(eq(jobs.id, jobId));
  if (!job) return false;
  const link = newSignOffLink(jobId, now);
  await tx.insert(job_sign_off_links).values(link.row);
  const number = jobNumberLabel(job.number);
  // radon (SGM-SF): the post-mitigation test to book, and the two-year retest reminder to opt into
  let radon: string[] = [];
  if (job.service === "radon") {
    const status = newStatusLink(job.quoteId);
    await tx.insert(quote_status_links).values(status.row);
    radon = [
      "",
      `Book your post-mitigation radon test: we place a detector no sooner than 24 hours and no later than 30 days after the system started, and pick it up 48 to 96 hours later. Choose both times here:`,
      postMitigationTestUrl(link.url),
      "",
      `Test your home for radon every two years and after major renovations. Get a reminder every ${RADON_RETEST.months / 12} years:`,
      `${status.url}/reminders`,
    ];
  }
  await queueMail(tx, [
    {
      kind: "job_sign_off_link",
      quoteId: job.quoteId,
      to: job.email,
      subject: `Please sign off job ${number}`,
      text: [
        `Hello ${job.firstName},`,
        "",
        `Our crew has completed job ${number} at your home. Please review the completion record and sign it off, or tell us what still needs doing:`,
        link.url,
        "",
        `This private link works until ${formatDate(link.validUntil)}. If you already signed off on our crew's phone, it shows what you signed.`,
        ...radon,
        "",
        company.name,
      ].join("\n"),
      sensitive: true,
    },
  ]);
  return true;
}

/** The record's facts, as label and value, in the order the record form asks them. */
function recordFacts(service: string, data: Record<string, unknown> | null): [string, string][] {
  if (!data) return [];
  const facts: [string, string][] = [];
  const add = (label: string, value: unknown, suffix = "") => {
    if (value !== undefined && value !== null && value !== "")
      facts.push([label, `${String(value)}${suffix}`]);
  };
  if (service === "radon") {
    if (typeof data.systemType === "string") {
      add("System type", radonSystemType.label(data.systemType));
    }
    add("Suction points", data.suctionPoints);
    add("Fan make and model", data.fanMakeModel);
    add("Fan serial number", data.fanSerial);
    add("Pipe diameter", data.pipeDiameterInches, " in");
    add("Discharge location", data.dischargeLocation);
    add("Manometer reading at commissioning", data.manometerInchesWc, " in. water column");
    if (data.sealingDone === true) add("Sealing", "Done");
    add("Installer certification number", data.certificationNumber);
  }
  if (service === "mold") {
    const mold = moldRecordSchema.safeParse(data);
    if (mold.success) {
      const r = mold.data;
      for (const area of r.areas.filter((a) => a.room)) {
        const parts = [
          area.squareFeet ? `${area.squareFeet} sq ft` : null,
          area.condition ? moldCondition.label(area.condition) : null,
        ];
        facts.push([`Area: ${area.room}`, parts.filter(Boolean).join(", ") || "Worked"]);
      }
      if (r.containment) add("Containment", moldContainment.label(r.containment));
      add("Materials removed", r.materialsRemoved);
      if (r.verification)
        add("Post-remediation verification", moldVerification.label(r.verification));
      if (r.verification === "independent") {
        add("Assessor", [r.assessorName, r.assessorCompany].filter(Boolean).join(", "));
        add("Assessed on", r.assessedOn);
        if (r.assessmentPassed)
          add("Verification passed", r.assessmentPassed === "yes" ? "Yes" : "No");
      }
      // IICRC S520: the homeowner reads that the verification was not independent before signing
      add("Disclosure: the verification was not independent", moldDisclosure(r));
    }
  }
  if (service === "water_filtration" && Array.isArray(data.equipment)) {
    for (const row of data.equipment as Record<string, unknown>[]) {
      if (typeof row.kind !== "string" || !row.kind) continue;
      const parts = [row.make, row.model, row.serial ? `serial ${row.serial}` : null];
      if (row.filterIntervalMonths)
        parts.push(`filter change every ${row.filterIntervalMonths} months`);
      facts.push([waterEquipment.label(row.kind), parts.filter(Boolean).join(", ")]);
    }
  }
  return facts;
}

interface LoadedJob {
  id: string;
  number: number;
  quoteId: string;
  status: string;
  view: SignOffView;
  signedRow: { name: string; at: Date } | null;
}

/** Job `jobId` as its sign-off shows it, read through `executor`; null when unknown. */
async function loadJob(jobId: string, executor: Executor = db): Promise<LoadedJob | null> {
  const [row] = await executor
    .select({
      job: jobs,
      address: quotes.property_address,
      city: quotes.property_city,
      state: quotes.property_state,
      zip: quotes.property_zip_code,
      quoteZip: quotes.zip_code,
      record: sql<string | null>`(SELECT data FROM job_records WHERE job_id = ${jobs.id})`,
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  const [lines, answers] = await Promise.all([
    executor
      .select()
      .from(job_lines)
      .where(eq(job_lines.job_id, jobId))
      .orderBy(asc(job_lines.position)),
    executor
      .select()
      .from(job_sign_offs)
      .where(eq(job_sign_offs.job_id, jobId))
      .orderBy(asc(job_sign_offs.created_at)),
  ]);
  const { job } = row;
  const record = row.record ? (JSON.parse(row.record) as Record<string, unknown>) : null;
  // what the homeowner reads and signs; its hash goes with the signature
  const shown = {
    number: jobNumberLabel(job.number),
    service: serviceId.label(job.service),
    address: row.address
      ? `${row.address}, ${row.city}, ${row.state} ${row.zip}`
      : `ZIP ${row.quoteZip}`,
    completedAt: job.completed_at ? formatDateTime(job.completed_at) : null,
    lines: lines.map((l) => ({
      name: l.name,
      quantity: `${l.quantity_thousandths / 1000} ${estimateUnit.label(l.unit)}`,
    })),
    facts: recordFacts(job.service, record),
  };
  const signed = answers.find((a) => a.kind === "signed");
  return {
    id: job.id,
    number: job.number,
    quoteId: job.quote_id,
    status: job.status,
    signedRow: signed ? { name: signed.signer_name ?? "", at: signed.created_at } : null,
    view: {
      ...shown,
      recordSha256: sha256Hex(JSON.stringify(shown)),
      signed: signed
        ? {
            name: signed.signer_name ?? "",
            at: formatDateTime(signed.created_at),
            onCrewPhone: signed.via === "crew",
            hasSignature: signed.signature_png !== null,
          }
        : null,
      punchList: answers
        .filter((a) => a.kind === "punch_list")
        .map((a) => ({ comment: a.comment ?? "", at: formatDateTime(a.created_at) })),
      consent: { label: SIGN_OFF_CONSENT_LABEL, text: SIGN_OFF_CONSENT_TEXT.split("\n\n") },
    },
  };
}

/**
 * The signature drawn on job `jobId`'s sign-off, as PNG bytes, for the admin route that serves it
 * to staff (no public address ever does).
 * @returns null for a malformed or unknown id, a job not signed off, or a name only typed
 */
export async function signOffSignaturePng(jobId: string): Promise<Buffer | null> {
  if (!isId(jobId)) return null;
  const [row] = await db
    .select({ png: job_sign_offs.signature_png })
    .from(job_sign_offs)
    .where(and(eq(job_sign_offs.job_id, jobId), eq(job_sign_offs.kind, "signed")));
  return row?.png ?? null;
}

/**
 * The job a sign-off party may answer, and the link's validity.
 * @returns null for an unknown or malformed token or job id
 */
async function jobOfParty(
  party: SignOffParty,
  executor: Executor = db,
): Promise<{ jobId: string; validUntil: string | null } | null> {
  if (party.via === "crew")
    return isId(party.jobId) ? { jobId: party.jobId, validUntil: null } : null;
  if (!TOKEN_PATTERN.test(party.token)) return null;
  const [link] = await executor
    .select({ jobId: job_sign_off_links.job_id, validUntil: job_sign_off_links.valid_until })
    .from(job_sign_off_links)
    .where(eq(job_sign_off_links.token_hash, sha256Hex(party.token)));
  return link ?? null;
}

/**
 * The job of mailed sign-off link `token` (also the post-mitigation test's link) and the link's
 * last valid day (YYYY-MM-DD, Utah).
 * @returns null for an unknown or malformed token
 */
export async function jobOfLink(
  token: string,
): Promise<{ jobId: string; validUntil: string | null } | null> {
  return jobOfParty({ via: "link", token });
}

/** The post-mitigation test page of sign-off link `signOffUrl` (`/jobs/{token}`). */
export function postMitigationTestUrl(signOffUrl: string): string {
  return `${signOffUrl}/radon-test`;
}

/** What a sign-off page shows; `expired` when a link's time ran out before a signature. */
export type SignOffPage =
  | { state: "open"; view: SignOffView; completed: boolean }
  | { state: "expired"; validUntil: string };

/**
 * The sign-off page of `party` (the admin section or the mailed link), at `now`.
 * @returns null for an unknown job or link (the routes answer 404)
 */
export async function signOffPage(
  party: SignOffParty,
  now: Date = new Date(),
): Promise<SignOffPage | null> {
  const ref = await jobOfParty(party);
  if (!ref) return null;
  const job = await loadJob(ref.jobId);
  if (!job) return null;
  if (ref.validUntil && !job.signedRow && signingLinkExpired(ref.validUntil, now)) {
    return { state: "expired", validUntil: ref.validUntil };
  }
  return { state: "open", view: job.view, completed: job.status === "completed" };
}

/**
 * Locks the job of `party` in `tx` and checks it may be answered now: known, completed, the link
 * still valid, not yet signed.
 */
async function lockForAnswer(
  tx: Transaction,
  party: SignOffParty,
  now: Date,
): Promise<SignOffOutcome<{ job: LoadedJob }>> {
  const ref = await jobOfParty(party, tx);
  if (!ref) return NOT_FOUND;
  await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, ref.jobId)).for("update");
  const job = await loadJob(ref.jobId, tx);
  if (!job) return NOT_FOUND;
  if (job.signedRow) return alreadySigned(job.signedRow.name, job.signedRow.at);
  if (job.status !== "completed") return NOT_COMPLETED;
  if (ref.validUntil && signingLinkExpired(ref.validUntil, now)) return expired(ref.validUntil);
  return { ok: true, job };
}

const officeUrl = (jobId: string) => new URL(`/admin/jobs/${jobId}`, env().PUBLIC_URL).href;

/** The homeowner's confirmation of their signature. */
async function signedMail(tx: Transaction, job: LoadedJob, name: string, at: Date) {
  const [quote] = await tx
    .select({ email: quotes.contact_email, firstName: quotes.contact_first_name })
    .from(quotes)
    .where(eq(quotes.id, job.quoteId));
  if (!quote) return [];
  const message: OutboxMessage = {
    kind: "job_signed_off",
    quoteId: job.quoteId,
    to: quote.email,
    subject: `You signed off job ${job.view.number}`,
    text: [
      `Hello ${quote.firstName},`,
      "",
      `Thank you: job ${job.view.number} (${job.view.service}) at ${job.view.address} was signed off electronically by ${name} on ${formatDateTime(at)}.`,
      "",
      "You may ask us for a paper copy of the completion record and your signature at any time.",
      "",
      company.name,
    ].join("\n"),
  };
  return [message];
}

/**
 * Signs off the completed job of `party` with `input` (the consent, the typed name, an optional
 * drawn signature, the hash of the record shown), recording the signer's client as an estimate's
 * acceptance does; the homeowner's confirmation mail and a history row in the same transaction.
 * @returns ok; 400 for an unreadable signature; 404 for a party that may not answer; 409 when the
 *   job is not completed, was already signed (a signed completion is never edited) or its record
 *   changed since it was shown; 410 for an expired link. Nothing is written then.
 */
export async function signOffJob(
  party: SignOffParty,
  input: SignOffInput,
  client: ClientInfo,
  now: Date = new Date(),
): Promise<SignOffOutcome> {
  const signature = await signatureImage(input.signature);
  if (signature === undefined) return unreadableSignature();
  return recordAnswer(party, client, now, async (tx, job) => {
    if (input.recordSha256 !== job.view.recordSha256) return CHANGED;
    return {
      ok: true,
      row: {
        kind: "signed",
        signer_name: input.signerName,
        signature_png: signature,
        consent_text: SIGN_OFF_CONSENT_TEXT,
        record_sha256: job.view.recordSha256,
      },
      notes: `Signed off by ${input.signerName}${party.via === "crew" ? " on the crew's phone" : " from the emailed link"}`,
      mail: await signedMail(tx, job, input.signerName, now),
    };
  });
}

/**
 * Records a punch-list comment instead of a signature on the completed job of `party`: the job
 * keeps waiting for its sign-off, the office is alerted (LEADS_EMAIL, through the outbox) and the
 * comment stands in the job's history, all in one transaction.
 * @returns ok; 404, 409, 410 as `signOffJob` (nothing written then)
 */
export async function addPunchList(
  party: SignOffParty,
  input: PunchListInput,
  client: ClientInfo,
  now: Date = new Date(),
): Promise<SignOffOutcome> {
  return recordAnswer(party, client, now, async (_tx, job) => ({
    ok: true,
    row: { kind: "punch_list", comment: input.comment },
    notes: `Punch list from the homeowner, not signed off: ${input.comment}`,
    mail: [
      {
        kind: "job_punch_list_alert",
        quoteId: job.quoteId,
        to: env().LEADS_EMAIL,
        subject: `Punch list on job ${job.view.number}: not signed off`,
        text: [
          `The homeowner did not sign off job ${job.view.number} (${job.view.service}, ${job.view.address}) and wrote${party.via === "crew" ? " on the crew's phone" : ""}:`,
          "",
          input.comment,
          "",
          `The job waits for its sign-off. Open it: ${officeUrl(job.id)}`,
        ].join("\n"),
      },
    ],
  }));
}

/** What an answer records: its sign-off row's own columns, its history notes and its mail. */
type Answer = {
  row: Pick<
    typeof job_sign_offs.$inferInsert,
    "kind" | "signer_name" | "signature_png" | "consent_text" | "record_sha256" | "comment"
  >;
  notes: string;
  mail: OutboxMessage[];
};

/**
 * In one transaction: locks the job of `party` (lockForAnswer), asks `answer` what to record,
 * and writes the sign-off row (with `client`'s audit columns), the history row and the mail;
 * sends the mail after the commit.
 * @returns ok, or the refusal of lockForAnswer or `answer` (nothing written then)
 */
async function recordAnswer(
  party: SignOffParty,
  client: ClientInfo,
  now: Date,
  answer: (tx: Transaction, job: LoadedJob) => Promise<SignOffOutcome<Answer>>,
): Promise<SignOffOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SignOffOutcome> => {
    const locked = await lockForAnswer(tx, party, now);
    if (!locked.ok) return locked;
    const { job } = locked;
    const given = await answer(tx, job);
    if (!given.ok) return given;
    const by = party.via === "crew" ? party.staffId : null;
    await tx.insert(job_sign_offs).values({
      ...given.row,
      job_id: job.id,
      via: party.via,
      recorded_by: by,
      ...signerAudit(client),
      created_at: now,
    });
    await tx.insert(job_status_history).values({
      job_id: job.id,
      status: "completed",
      changed_by: by,
      notes: given.notes,
      created_at: now,
    });
    await queueMail(tx, given.mail);
    return { ok: true };
  });
  if (outcome.ok) kickOutbox();
  return outcome;
}

/**
 * Mails the homeowner of completed, unsigned job `jobId` a fresh sign-off link (staff's 'Email a
 * new sign-off link', when the first expired or went astray) and retires the earlier ones: a link
 * that went astray must not sign (nor open the post-mitigation test page) after it.
 * @returns ok; 404 unknown; 409 when it is not completed or already signed
 */
export async function resendSignOffLink(
  jobId: string,
  now: Date = new Date(),
): Promise<SignOffOutcome> {
  if (!isId(jobId)) return NOT_FOUND;
  const outcome = await db.transaction(async (tx): Promise<SignOffOutcome> => {
    const locked = await lockForAnswer(tx, { via: "crew", jobId, staffId: "" }, now);
    if (!locked.ok) return locked;
    await tx.delete(job_sign_off_links).where(eq(job_sign_off_links.job_id, jobId));
    await mailSignOffLink(tx, jobId, now);
    return { ok: true };
  });
  if (outcome.ok) kickOutbox();
  return outcome;
}

/** A condition on `jobs`: the job's homeowner signed it off (the job lists' sign-off filter). */
export const signedOff = () =>
  exists(
    db
      .select({ one: sql`1` })
      .from(job_sign_offs)
      .where(and(eq(job_sign_offs.job_id, jobs.id), eq(job_sign_offs.kind, "signed"))),
  );

/** A condition on `jobs`: completed and not signed off yet ('Waiting for sign-off'). */
export const waitingForSignature = () => and(eq(jobs.status, "completed"), not(signedOff()));

/** How many completed jobs wait for their sign-off: the dashboard's 'Waiting for sign-off'. */
export async function waitingForSignOff(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(waitingForSignature());
  return row?.n ?? 0;
}

/** What the sign-off forms post as `intent`. */
export type SignOffIntent = "sign-off" | "punch-list";

/** Whether a posted `intent` is one of the sign-off forms'. */
export function isSignOffIntent(intent: unknown): intent is SignOffIntent {
  return intent === "sign-off" || intent === "punch-list";
}

export type SignOffRespondResult =
  | { ok: true; intent: SignOffIntent }
  | {
      ok: false;
      intent: SignOffIntent;
      status: 400 | 404 | 409 | 410;
      result: SubmissionResult<string[]>;
    };

/**
 * Signs off or leaves a punch list (the form's `intent`) for `party`, from the posted `formData`
 * and the request's client (`ip`, the User-Agent of `request`).
 * @returns ok, or the form's reply with the HTTP status (400 input, 404, 409, 410 as above)
 */
export async function respondToSignOff(
  party: SignOffParty,
  formData: FormData,
  request: Request,
  ip: string,
): Promise<SignOffRespondResult> {
  const intent: SignOffIntent = formData.get("intent") === "punch-list" ? "punch-list" : "sign-off";
  const schema = intent === "sign-off" ? signOffSchema : punchListSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return { ok: false, intent, status: 400, result: submission.reply() };
  }
  const client = { ip, userAgent: request.headers.get("User-Agent") ?? "" };
  const outcome =
    intent === "sign-off"
      ? await signOffJob(party, submission.value as SignOffInput, client)
      : await addPunchList(party, submission.value as PunchListInput, client);
  if (outcome.ok) return { ok: true, intent };
  return {
    ok: false,
    intent,
    status: outcome.status,
    result: submission.reply({ formErrors: [outcome.message], fieldErrors: outcome.fieldErrors }),
  };
}

/** The notification after a sign-off form went through. */
export function signOffToast(intent: SignOffIntent, crewPhone: boolean) {
  return intent === "sign-off"
    ? {
        type: "success" as const,
        title: "Signed off",
        description: crewPhone
          ? "The homeowner signed off the work; they are being emailed a confirmation."
          : "Thank you. We have emailed you a confirmation.",
      }
    : {
        type: "success" as const,
        title: "Punch list sent",
        description: crewPhone
          ? "The office is told; the job waits for the homeowner's sign-off."
          : "Thank you. Our office is told; the job stays open until you sign off.",
      };
}

/**
 * The admin job page's sign-off posts (the crew's phone): `sign-off`, `punch-list`, or
 * `sign-off-link` (email a fresh link), for job `jobId` on behalf of admin `staffId`. The caller
 * has checked the admin.
 * @returns the redirect back to the section with its notification, or the refused form's data
 *   (`error` for the page's alert, `intent` and `result` for the form) with its status
 * @throws a 404 answer for an unknown job
 */
export async function staffSignOffAction(
  intent: SignOffIntent | "sign-off-link",
  jobId: string,
  staffId: string,
  formData: FormData,
  request: Request,
  ip: string,
) {
  const section = `${href("/admin/jobs/:id", { id: jobId })}#sign-off`;
  if (intent === "sign-off-link") {
    const outcome = await resendSignOffLink(jobId);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data({ error: outcome.message }, outcome.status);
    }
    return redirectWithToast(section, {
      type: "success",
      title: "Sign-off link emailed",
      description: "The homeowner is being emailed a new private link.",
    });
  }
  const outcome = await respondToSignOff({ via: "crew", jobId, staffId }, formData, request, ip);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    const message = outcome.result.error?.[""]?.[0];
    return data(
      {
        error: message ?? "The sign-off could not be saved. Check the fields marked.",
        intent: outcome.intent,
        result: outcome.result,
      },
      outcome.status,
    );
  }
  return redirectWithToast(section, signOffToast(outcome.intent, true));
}
