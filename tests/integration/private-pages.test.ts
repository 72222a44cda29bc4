/**
 * Every route of app/routes.ts reached through a secret token (a quote's status link and the pages
 * and files under it, an estimate's link and its PDF, a record share link and its reports, an
 * unsubscribe link, a job's sign-off link) is marked private the one way (lib/private-page.ts,
 * docs/decisions/0186-one-way-to-mark-a-page-private.md): `Cache-Control: private, no-store`,
 * noindex, `Referrer-Policy: no-referrer`, for a live token and for an unknown one, GET and POST.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { review_requests } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { insertInvoice, newInvoiceLink } from "~/features/invoices/invoices.server";
import { openJobByHand } from "~/features/jobs/jobs.server";
import { mailSignOffLink } from "~/features/jobs/sign-off.server";
import { createShareLink } from "~/features/records/share-links.server";
import { newUnsubscribeLink } from "~/features/visits/reminders.server";
import { db } from "~/lib/db.server";
import { isTokenPath } from "~/lib/token-paths";
import { ORIGIN } from "../setup/actions";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { pathOf, type RouteEntry, routeModule, routeTable, runRoute } from "../setup/route-table";
import { quoteWithLink } from "../setup/visits";

const tokenRoutes = () => routeTable().filter((route) => route.params.includes("token"));

/** The first segment of a token route ("quotes", "estimates", ...): which kind of link it takes. */
const kindOf = (route: RouteEntry) => route.pattern.split("/")[1] as string;

/** Checks an answer's headers as a private page's; the mistakes found, for one message. */
async function privacyMistakes(route: RouteEntry, answer: Response, path: string) {
  const mistakes: string[] = [];
  const cache = answer.headers.get("Cache-Control") ?? "";
  if (!/\bprivate\b/.test(cache) || !/\bno-store\b/.test(cache)) {
    mistakes.push(`Cache-Control is "${cache}"`);
  }
  if (answer.headers.get("Referrer-Policy") !== "no-referrer") {
    mistakes.push(`Referrer-Policy is "${answer.headers.get("Referrer-Policy")}"`);
  }
  if (!(answer.headers.get("X-Robots-Tag") ?? "").includes("noindex")) {
    // a page may say it in its head instead
    const module = await routeModule(route.file);
    const meta = module.meta?.({ location: { pathname: path }, matches: [], params: {} } as never);
    const noIndex = (meta ?? []).some(
      (tag) => tag.name === "robots" && String(tag.content).includes("noindex"),
    );
    if (!noIndex) mistakes.push("neither X-Robots-Tag nor a robots meta says noindex");
  }
  return mistakes;
}

describe("the token routes", () => {
  it("are every route with a :token, each under a token path (analytics, head, server.ts)", () => {
    const kinds = new Set(tokenRoutes().map(kindOf));
    expect([...kinds].sort()).toEqual([
      "estimates",
      "invoices",
      "jobs",
      "quotes",
      "records",
      "reviews",
      "unsubscribe",
    ]);
    for (const route of tokenRoutes()) {
      const path = pathOf(route.pattern, { token: "t".repeat(43), fileId: randomUUID() });
      expect(isTokenPath(path), route.pattern).toBe(true);
    }
  });
});

describe.each(drivers)("private pages behind secret links on %s", (driver) => {
  let database: TestDatabase;
  /** a live token per kind of link, and a file of it where one is served */
  const live: Record<string, string> = {};

  beforeAll(async () => {
    database = await freshDatabase(driver, { ESTIMATE_TAX_RATE: "7.25" });
    const owner = await makeUser("owner@example.com");
    const admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
    const { quoteId, token } = await quoteWithLink("radon", owner.id);
    live.quotes = token;

    const staff = partyOf(admin);
    const draft = estimateDraftSchema.parse({
      options: [
        {
          name: "Sealing",
          lines: [{ name: "Sealing", quantity: "2", unit: "hour", unitPrice: "95.00" }],
        },
      ],
    });
    expect(await saveEstimateDraft(staff, quoteId, draft)).toMatchObject({ ok: true });
    const sent = await sendEstimate(staff, quoteId);
    if (!sent.ok) throw new Error(sent.message);
    live.estimates = sent.url.split("/").pop() as string;

    const [property] = await db
      .insert(schema.properties)
      .values({
        user_id: owner.id,
        address: "12 Canyon Rd",
        city: "Sandy",
        state: "UT",
        zip_code: "84070",
      })
      .returning();
    const shared = await createShareLink(owner.id, property!.id, 30);
    live.records = shared!.url.split("/").pop() as string;

    const unsubscribe = newUnsubscribeLink(quoteId, "visit");
    await db.insert(schema.reminder_unsubscribe_links).values(unsubscribe.row);
    live.unsubscribe = unsubscribe.url.split("/").pop() as string;

    const invoice = await db.transaction((tx) =>
      insertInvoice(tx, {
        quoteId,
        kind: "manual",
        lines: [
          {
            name: "Sealing",
            description: "",
            quantityThousandths: 1000,
            unitPriceCents: 19_000,
            amountCents: 19_000,
            taxable: false,
          },
        ],
        taxCents: 0,
      }),
    );
    const invoiceLink = newInvoiceLink(invoice.id);
    await db.insert(schema.invoice_links).values(invoiceLink.row);
    live.invoices = invoiceLink.token;
    // a review request's private form (features/messages/review-requests.server.ts)
    live.reviews = randomBytes(32).toString("base64url");
    await db.insert(review_requests).values({
      quote_id: quoteId,
      token_hash: createHash("sha256").update(live.reviews).digest("hex"),
    });
    // a job's sign-off link (features/jobs/sign-off.server.ts), on a job opened by hand
    await db
      .update(schema.quotes)
      .set({ current_status: "approved" })
      .where(eq(schema.quotes.id, quoteId));
    const job = await openJobByHand(quoteId, admin.id, null);
    if (!job.ok) throw new Error(job.message);
    await db.transaction((tx) => mailSignOffLink(tx, job.id));
    const [linkMail] = (await db.select().from(schema.mail_outbox)).filter(
      (m) => m.kind === "job_sign_off_link",
    );
    live.jobs = /\/jobs\/([A-Za-z0-9_-]{43})/.exec(linkMail?.text_body ?? "")?.[1] as string;
  }, 180_000);
  afterAll(async () => {
    await database.dispose();
  });

  const unknownToken = () => randomBytes(32).toString("base64url");

  for (const route of tokenRoutes()) {
    for (const which of ["a live token", "an unknown token"] as const) {
      for (const method of ["GET", "POST"] as const) {
        it(`${method} ${route.pattern} with ${which}: private, no-store; noindex; no-referrer`, async () => {
          const token = which === "a live token" ? (live[kindOf(route)] as string) : unknownToken();
          expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
          // a file of a live link that is not one of its files: the private 404
          const values = { token, fileId: randomUUID() };
          const path = pathOf(route.pattern, values);
          const request = new Request(`${ORIGIN}${path}`, {
            method,
            headers:
              method === "POST"
                ? { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }
                : {},
            body: method === "POST" ? new URLSearchParams({ intent: "cancel" }) : undefined,
          });
          const answer = await runRoute(route, request, values);
          if (!answer) return; // no action on this route
          // an unknown link is a 404 (an estimate's answer form may be refused as a form first)
          if (which === "an unknown token" && method === "GET") expect(answer.status).toBe(404);
          else expect(answer.status).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThan(500);
          if (which === "an unknown token") expect(answer.status).not.toBe(200);
          expect(await privacyMistakes(route, answer, path)).toEqual([]);
        });
      }
    }
  }

  it("a live status link's page answers 200 (the sweep above reaches real pages)", async () => {
    const [status] = tokenRoutes().filter((route) => route.pattern === "/quotes/status/:token");
    const values = { token: live.quotes as string };
    const answer = await runRoute(
      status as RouteEntry,
      new Request(`${ORIGIN}${pathOf("/quotes/status/:token", values)}`),
      values,
    );
    expect(answer?.status).toBe(200);
  });
});
