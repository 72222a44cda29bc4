/**
 * The two messages every new quote request sends: the lead alert to the company's inbox and the
 * confirmation to the requester. Plain text: nothing the requester typed can become markup.
 */
import { company } from "~/features/catalog/company";
import * as enums from "~/features/catalog/enums";
import { serviceById } from "~/features/catalog/services";
import { env } from "~/lib/env.server";
import type { OutboxMessage } from "~/lib/outbox.server";
import { detailAnswerRows } from "./answers";
import type { QuoteStatus } from "./reference";
import { referenceNumber } from "./reference";
import type { QuoteRequest } from "./schemas";
import { type EstimateStage, statusMeaning } from "./status";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const rows = (pairs: [string, string][]) =>
  pairs.map(([label, value]) => `${`${label}:`.padEnd(24)} ${value}`).join("\n");

/**
 * The lead alert and the requester's confirmation for the new quote `quoteId`; the confirmation
 * carries the requester's status link `statusUrl`. The alert lists the stored detail row
 * `details` as the admin quote page does (`detailAnswerRows`), and how many files came with it
 * (`attached`; they are seen on the quote's page, never sent by mail).
 */
export function newQuoteMail(
  quoteId: string,
  request: QuoteRequest,
  description: string,
  statusUrl: string,
  details: Readonly<Record<string, unknown>> | undefined,
  attached: { photos: number; reports: number } = { photos: 0, reports: 0 },
): [OutboxMessage, OutboxMessage] {
  const config = env();
  const service = serviceById(request.service);
  const c = request.input;
  const reference = referenceNumber(quoteId);
  const name = `${c.firstName} ${c.lastName}`;
  const leadAlert: OutboxMessage = {
    kind: "lead_alert",
    quoteId,
    to: config.LEADS_EMAIL,
    subject: `New ${service.title} quote request from ${name} (${reference})`,
    text: [
      `A new ${service.title.toLowerCase()} quote request has arrived.`,
      "",
      rows([
        ["Reference", reference],
        ["Service", service.title],
        ["Description", description],
      ]),
      "",
      "CONTACT",
      rows([
        ["Name", name],
        ["Email", c.email],
        ["Phone", c.phone],
        ["ZIP code", c.zipCode],
        ["Preferred contact", enums.contactMethod.label(c.preferredContactMethod)],
        ["Best time", enums.bestTime.label(c.bestTimeToContact)],
      ]),
      "",
      "ANSWERS",
      rows(detailAnswerRows(request.service, details)),
      "",
      ...(attached.photos + attached.reports > 0
        ? [
            `ATTACHED: ${plural(attached.photos, "photo")}, ${plural(attached.reports, "lab report")} (on the request's page)`,
            "",
          ]
        : []),
      `Open the request: ${new URL(`/admin/quotes/${quoteId}`, config.PUBLIC_URL).href}`,
    ].join("\n"),
  };
  const confirmation: OutboxMessage = {
    kind: "quote_confirmation",
    quoteId,
    to: c.email,
    subject: `We received your ${service.title.toLowerCase()} quote request (${reference})`,
    text: [
      `Hello ${c.firstName},`,
      "",
      `Thank you for requesting a free ${service.title.toLowerCase()} quote. Your reference number is ${reference}.`,
      "",
      "What happens next:",
      `- A specialist reviews your answers, usually within one business day.`,
      `- We contact you by ${enums.contactMethod.label(c.preferredContactMethod).toLowerCase()} in the ${c.bestTimeToContact}, as you asked, to schedule your ${service.assessment}.`,
      "- Your quote is free and comes with no obligation.",
      "",
      `Follow your request at any time: ${statusUrl}`,
      "",
      `For an emergency, call us any time at ${env().COMPANY_PHONE.display}: our emergency service runs 24/7.`,
      "",
      `Create an account with this email address to track your request: ${new URL("/auth/signup", config.PUBLIC_URL).href}`,
      "",
      company.name,
    ].join("\n"),
  };
  return [leadAlert, confirmation];
}

/**
 * The requester's mail for a status change of quote `quoteId` to `status`, in plain words, with a
 * fresh status link `statusUrl`, true for where the quote's estimate stands (`estimate`: an
 * approved request promises scheduling only once its estimate is accepted). The admin's notes are
 * internal and never included.
 */
export function statusChangeMail(
  quote: {
    id: string;
    service: QuoteRequest["service"];
    contact_email: string;
    contact_first_name: string;
  },
  status: QuoteStatus,
  statusUrl: string,
  estimate: EstimateStage,
): OutboxMessage {
  const service = serviceById(quote.service);
  const reference = referenceNumber(quote.id);
  const label = enums.quoteStatus.label(status);
  return {
    kind: "status_change",
    quoteId: quote.id,
    to: quote.contact_email,
    subject: `Your ${service.title.toLowerCase()} request (${reference}) is now ${label}`,
    text: [
      `Hello ${quote.contact_first_name},`,
      "",
      `The status of your ${service.title.toLowerCase()} request ${reference} is now: ${label}.`,
      statusMeaning(status, estimate),
      "",
      `Follow your request at any time: ${statusUrl}`,
      "",
      `For an emergency, call us any time at ${env().COMPANY_PHONE.display}: our emergency service runs 24/7.`,
      "",
      company.name,
    ].join("\n"),
  };
}

/**
 * The text for a status change of request `quoteId` to `status` (to a number with consent; the
 * same event as `statusChangeMail`): the status in plain words and the fresh status link.
 */
export function statusChangeText(quoteId: string, status: QuoteStatus, statusUrl: string): string {
  const label = enums.quoteStatus.label(status);
  return `${company.name}: your request ${referenceNumber(quoteId)} is now ${label}. Details: ${statusUrl} Reply STOP to stop.`;
}
