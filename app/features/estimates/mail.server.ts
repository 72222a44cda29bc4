/**
 * The estimate's mail: the link to the requester when a version is sent, the signed copy (PDF
 * attached) to the homeowner and an alert to the company on acceptance, and an alert on a
 * decline. Plain text: nothing a homeowner typed can become markup.
 */
import { company } from "~/features/catalog/company";
import { env } from "~/lib/env.server";
import type { MailAttachment } from "~/lib/mail.server";
import type { OutboxMessage } from "~/lib/outbox.server";
import type { EstimateContent } from "./content";
import { formatUsd } from "./money";
import type { EstimateViewModel } from "./view-model";

export interface EstimateMailQuote {
  id: string;
  contact_email: string;
  contact_first_name: string;
}

const adminUrl = (quoteId: string) => new URL(`/admin/quotes/${quoteId}`, env().PUBLIC_URL).href;

function optionSummary(content: EstimateContent): string[] {
  return content.options.map((option, i) =>
    content.options.length > 1
      ? `- Option ${i + 1}, ${option.name}: ${formatUsd(option.totals.totalCents)}`
      : `- ${option.name}: ${formatUsd(option.totals.totalCents)}`,
  );
}

/** The requester's mail for a newly sent version, carrying the estimate's link `url`. */
export function estimateSentMail(
  quote: EstimateMailQuote,
  content: EstimateContent,
  validUntil: string,
  url: string,
): OutboxMessage {
  const ref = content.quote.reference;
  return {
    kind: "estimate_sent",
    quoteId: quote.id,
    to: quote.contact_email,
    subject:
      content.version > 1
        ? `Your updated estimate from ${company.name} (${ref}, version ${content.version})`
        : `Your estimate from ${company.name} (${ref})`,
    text: [
      `Hello ${quote.contact_first_name},`,
      "",
      `Here is our estimate for your ${content.quote.serviceTitle.toLowerCase()} request ${ref}${content.version > 1 ? ` (version ${content.version}; it replaces the earlier one)` : ""}.`,
      "",
      ...optionSummary(content),
      "",
      `It is valid until ${validUntil}. Open it, download it as a PDF, and accept and sign it online:`,
      url,
      "",
      "The link is yours alone: please do not forward it. If you have questions, reply to this email.",
      "",
      company.name,
    ].join("\n"),
  };
}

/** The homeowner's signed copy, with the PDF of exactly what was signed attached. */
export function estimateAcceptedMail(
  quote: EstimateMailQuote,
  view: EstimateViewModel,
  pdf: MailAttachment,
): OutboxMessage {
  const accepted = view.acceptance;
  return {
    kind: "estimate_accepted",
    quoteId: quote.id,
    to: quote.contact_email,
    subject: `Your signed estimate (${view.reference}): ${accepted?.optionName}, ${accepted?.total}`,
    text: [
      `Hello ${quote.contact_first_name},`,
      "",
      `Thank you: you accepted ${accepted?.optionName} (${accepted?.total}) on estimate ${view.reference}, version ${view.version}, signed electronically by ${accepted?.signerName} on ${accepted?.signedAt}.`,
      "",
      "The signed estimate is attached as a PDF. Keep it for your records; you may ask us for a paper copy at any time.",
      "",
      "We will contact you to schedule the work.",
      "",
      company.name,
    ].join("\n"),
    attachments: [pdf],
  };
}

/** The company's alert that estimate `view` was accepted. */
export function estimateAcceptedAlert(quoteId: string, view: EstimateViewModel): OutboxMessage {
  const accepted = view.acceptance;
  return {
    kind: "estimate_accepted_alert",
    quoteId,
    to: env().LEADS_EMAIL,
    subject: `Estimate accepted: ${view.reference} v${view.version}, ${accepted?.optionName}, ${accepted?.total}`,
    text: [
      `${accepted?.signerName} accepted estimate ${view.reference} version ${view.version} on ${accepted?.signedAt}.`,
      "",
      `Option: ${accepted?.optionName}`,
      `Total: ${accepted?.total}`,
      `Property: ${view.propertyLines.join(", ")}`,
      "",
      `The request is now Approved. Open it: ${adminUrl(quoteId)}`,
    ].join("\n"),
  };
}

/** The company's alert that a version was declined, with the homeowner's reason if given. */
export function estimateDeclinedAlert(
  quoteId: string,
  content: EstimateContent,
  reason: string | null,
): OutboxMessage {
  return {
    kind: "estimate_declined_alert",
    quoteId,
    to: env().LEADS_EMAIL,
    subject: `Estimate declined: ${content.quote.reference} v${content.version}`,
    text: [
      `${content.quote.requesterName} declined estimate ${content.quote.reference} version ${content.version}.`,
      "",
      `Reason: ${reason ?? "(none given)"}`,
      "",
      `The request's status is unchanged. Open it: ${adminUrl(quoteId)}`,
    ].join("\n"),
  };
}
