/**
 * Invoice fixtures: a radon request whose estimate (from the seeded price book) was sent and
 * accepted, with the service's deposit set beforehand; each call makes a request of its own.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { homeownerEstimate, linkParty, partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { saveDepositSettings } from "~/features/invoices/settings.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import { formData, validAnswers } from "./forms";

let requests = 0;

/**
 * A new radon request with an accepted estimate: one option, the passive vent system plus 2.5
 * hours of sealing at $95, with a deposit of `depositPercent` (0: none) set for radon first.
 * @returns the quote's id and the accepted option's total in cents
 */
export async function acceptedQuote(
  admin: SessionUser,
  depositPercent: number,
  now: Date = new Date(),
): Promise<{ quoteId: string; totalCents: number }> {
  await saveDepositSettings({ radon: depositPercent * 100 });
  requests += 1;
  const outcome = await submitQuoteRequest(
    "radon",
    formData({
      ...validAnswers.radon,
      email: `owner-${randomBytes(4).toString("hex")}@example.com`,
    }),
    { clientIp: `198.51.100.${requests % 250}`, owner: { userId: null } },
  );
  if (outcome.ok !== true) throw new Error("quote fixture failed");
  const quoteId = outcome.quoteId;
  const staff = partyOf(admin);
  const passive = (await listPriceBook()).find((i) => i.name.startsWith("Passive radon vent"));
  const draft = estimateDraftSchema.parse({
    options: [
      {
        name: "Passive system",
        lines: [
          { priceBookItemId: passive?.id, quantity: "1" },
          { name: "Sealing", quantity: "2.5", unit: "hour", unitPrice: "95.00", taxable: true },
        ],
      },
    ],
  });
  const saved = await saveEstimateDraft(staff, quoteId, draft);
  if (!saved.ok) throw new Error(saved.message);
  const sent = await sendEstimate(staff, quoteId);
  if (!sent.ok) throw new Error(sent.message);
  const token = sent.url.split("/").pop() as string;
  const shown = await homeownerEstimate(linkParty(token));
  if (shown?.state !== "open") throw new Error("estimate not open");
  const accepted = await acceptEstimate(
    linkParty(token),
    undefined,
    {
      versionId: shown.versionId,
      contentSha256: shown.view.contentSha256 as string,
      option: 1,
      consent: true,
      signerName: "Ann Lee",
    },
    { ip: "198.51.100.23", userAgent: "test" },
    now,
  );
  if (!accepted.ok) throw new Error(accepted.message);
  return { quoteId, totalCents: accepted.accepted.totalCents };
}

/** The invoices of `quoteId`, oldest first. */
export async function invoicesOf(quoteId: string) {
  return db
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.quote_id, quoteId))
    .orderBy(schema.invoices.sequence);
}
