/**
 * What the customer sees of the back office's work, through our routes, on both drivers:
 * - a status change's internal notes stay in the back office: not in the data export's files,
 *   not in any mail queued for the quote, not on the status link page, the account's quote
 *   pages or the estimate page;
 * - the status history names who changed the status: a guest's own entries, once she has made
 *   an account, are hers (her name on the admin page, 'you' in her export), not 'Closed account';
 * - the 'Approved' status mail promises scheduling only once an estimate is accepted;
 * - the data export's file name and times, and the admin's CSV dates, are Utah's (a Sunday
 *   evening request reads as Sunday, with its offset).
 */
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { claimGuestQuotes } from "~/features/accounts/claims.server";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as exportRoute from "~/routes/account/data-export";
import * as accountEstimateRoute from "~/routes/account/quote-estimate";
import * as accountQuotesRoute from "~/routes/account/quotes";
import * as quoteRoute from "~/routes/admin/quote";
import * as csvRoute from "~/routes/admin/quotes-export";
import * as estimatePageRoute from "~/routes/estimates/estimate";
import * as statusRoute from "~/routes/quotes/status";
import { type SignedInAccount, signedInAccount } from "../setup/accounts";
import { contextFor, makeUser, ORIGIN, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;
const MARKER = "INTERNAL-NOTE-7f3a";

const get = (path: string, cookie?: string) =>
  new Request(new URL(path, ORIGIN), {
    headers: { "User-Agent": "Mozilla/5.0 Chrome/131.0", ...(cookie ? { Cookie: cookie } : {}) },
  });

describe.each(drivers)("what the customer sees of the back office on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let ann: SignedInAccount;

  beforeEach(async () => {
    database = await freshDatabase(driver);
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", {
      admin: true,
      totp: true,
      fullName: "Ada Admin",
    });
    ann = await signedInAccount("ann@example.com");
    await db
      .insert(schema.profiles)
      .values({ id: ann.user.id, full_name: "Ann Example" })
      .onConflictDoUpdate({ target: schema.profiles.id, set: { full_name: "Ann Example" } });
  }, SLOW);
  afterEach(async () => {
    vi.useRealTimers();
    await database.dispose();
  });

  async function newQuote(userId: string | null, email = "ann@example.com") {
    const outcome = await submitQuoteRequest("radon", formData({ ...validAnswers.radon, email }), {
      clientIp: "192.0.2.1",
      owner: { userId },
    });
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    return outcome.quoteId;
  }

  /** The admin's Change status form, as the quote page posts it. */
  async function changeStatus(id: string, from: string, to: string, notes = "") {
    const outcome = await run(quoteRoute.action, {
      request: requestTo(`/admin/quotes/${id}`, { status: to, expectedStatus: from, notes }),
      context: contextFor(admin),
      params: { id },
    });
    expect(outcome.status).toBe(302);
  }

  async function adminPage(id: string) {
    const page = await run(quoteRoute.loader, {
      request: requestTo(`/admin/quotes/${id}`),
      context: contextFor(admin),
      params: { id },
    });
    return page.value as Awaited<ReturnType<typeof quoteRoute.loader>>;
  }

  /** Drafts and sends a one-option estimate; returns its mailed link's token. */
  async function sendOneOption(id: string): Promise<string> {
    const [item] = await listPriceBook();
    const draft = estimateDraftSchema.parse({
      options: [{ name: "Radon system", lines: [{ priceBookItemId: item?.id, quantity: "1" }] }],
    });
    expect(await saveEstimateDraft(partyOf(admin), id, draft)).toMatchObject({ ok: true });
    const sent = await sendEstimate(partyOf(admin), id);
    if (!sent.ok) throw new Error(sent.message);
    return sent.url.split("/").pop() as string;
  }

  const mailsOf = (id: string) =>
    db.select().from(schema.mail_outbox).where(eq(schema.mail_outbox.quote_id, id));

  async function exportOf(account: SignedInAccount) {
    const body = new FormData();
    const answer = await throughRoot(
      new Request(`${ORIGIN}/account/data-export`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: account.cookie },
        body,
      }),
      exportRoute.action,
    );
    expect(answer.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    return {
      disposition: answer.headers.get("Content-Disposition") ?? "",
      entries,
      json: (name: string) => JSON.parse(new TextDecoder().decode(entries[name])) as never,
    };
  }

  it(
    "the admin's internal notes reach no export file, mail, status page, account page or estimate page",
    async () => {
      const id = await newQuote(ann.user.id);
      await changeStatus(id, "pending", "approved", `Approved. ${MARKER} call the neighbour`);
      const token = await sendOneOption(id);
      const [version] = await db.select().from(schema.estimate_versions);
      const accepted = await acceptEstimate(
        partyOf(ann.user),
        id,
        {
          versionId: version?.id as string,
          contentSha256: version?.content_sha256 as string,
          option: 1,
          consent: true,
          signerName: "Ann Example",
          signature:
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        },
        { ip: "192.0.2.9", userAgent: "test browser" },
      );
      expect(accepted.ok).toBe(true);
      await changeStatus(id, "approved", "in_progress", `Crew B. ${MARKER} second note`);

      // the back office has the notes (so the searches below look for something that exists)
      const detail = await adminPage(id);
      expect(detail.history.filter((h) => h.notes?.includes(MARKER))).toHaveLength(2);

      // every file of the data export
      const { entries } = await exportOf(ann);
      expect(Object.keys(entries)).toContain("quotes.json");
      for (const [name, bytes] of Object.entries(entries)) {
        expect(Buffer.from(bytes).toString("latin1"), name).not.toContain(MARKER);
      }

      // every mail queued for the quote (and its attachments)
      const mails = await mailsOf(id);
      expect(mails.map((m) => m.kind)).toEqual(
        expect.arrayContaining(["quote_confirmation", "status_change"]),
      );
      for (const mail of mails) {
        expect(`${mail.subject}\n${mail.text_body}\n${mail.html_body ?? ""}`).not.toContain(MARKER);
      }
      const attachments = await db.select().from(schema.mail_outbox_attachments);
      for (const attachment of attachments) {
        expect(JSON.stringify(attachment)).not.toContain(MARKER);
      }

      // the status link page (the newest mailed link)
      const statusMails = mails.filter((m) => m.kind === "status_change");
      const statusToken = statusMails
        .at(-1)
        ?.text_body.match(/\/quotes\/status\/([A-Za-z0-9_-]+)/)?.[1] as string;
      const statusPage = await throughRoot(
        get(`/quotes/status/${statusToken}`),
        statusRoute.loader,
        {
          params: { token: statusToken },
        },
      );
      expect(statusPage.status).toBe(200);
      expect(await statusPage.text()).not.toContain(MARKER);

      // the account's quote list and estimate page, and the mailed estimate page
      const list = await throughRoot(get("/account/quotes", ann.cookie), accountQuotesRoute.loader);
      expect(list.status).toBe(200);
      const listed = await list.text();
      expect(listed).toContain(id);
      expect(listed).not.toContain(MARKER);
      const estimatePage = await throughRoot(
        get(`/account/quotes/${id}/estimate`, ann.cookie),
        accountEstimateRoute.loader,
        { params: { id } },
      );
      expect(estimatePage.status).toBe(200);
      expect(await estimatePage.text()).not.toContain(MARKER);
      const linkPage = await throughRoot(get(`/estimates/${token}`), estimatePageRoute.loader, {
        params: { token },
      });
      expect(linkPage.status).toBe(200);
      expect(await linkPage.text()).not.toContain(MARKER);
    },
    SLOW,
  );

  it(
    "a guest's own history entries are hers once she has an account, not a closed account's",
    async () => {
      const eve = await signedInAccount("eve@example.com");
      // her request, sent as a guest before the account existed
      await db.delete(schema.quotes);
      const id = await newQuote(null, "eve@example.com");
      await db
        .insert(schema.profiles)
        .values({ id: eve.user.id, full_name: "Eve Guest" })
        .onConflictDoUpdate({ target: schema.profiles.id, set: { full_name: "Eve Guest" } });
      expect(await claimGuestQuotes(eve.user.id, "eve@example.com")).toBe(1);
      await changeStatus(id, "pending", "approved");

      const detail = await adminPage(id);
      expect(detail.history.map((h) => [h.status, h.by])).toEqual([
        ["approved", "Ada Admin"],
        ["pending", "Eve Guest"],
      ]);

      const quotes = (await exportOf(eve)).json("quotes.json") as {
        statusHistory: { status: string; changedBy: string }[];
      }[];
      expect(quotes[0]?.statusHistory.map((h) => [h.status, h.changedBy])).toEqual([
        ["pending", "you"],
        ["approved", "staff"],
      ]);

      // a guest request never claimed is still the guest's
      const guest = await newQuote(null, "someone.else@example.com");
      expect((await adminPage(guest)).history.map((h) => h.by)).toEqual(["Guest"]);
    },
    SLOW,
  );

  it(
    "the 'Approved' mail promises scheduling only once the estimate is accepted",
    async () => {
      const statusMail = async (id: string) => {
        const mails = (await mailsOf(id)).filter((m) => m.kind === "status_change");
        expect(mails).toHaveLength(1);
        return mails[0]?.text_body ?? "";
      };
      // approved before any estimate exists: the estimate comes first
      const early = await newQuote(ann.user.id);
      await changeStatus(early, "pending", "approved");
      const earlyText = await statusMail(early);
      expect(earlyText).toContain("is now: Approved");
      expect(earlyText).toContain("Next we prepare your estimate");
      expect(earlyText).not.toContain("We will contact you to schedule the work");

      // approved while a sent estimate awaits the answer
      const waiting = await newQuote(ann.user.id);
      await sendOneOption(waiting);
      await changeStatus(waiting, "pending", "approved");
      const waitingText = await statusMail(waiting);
      expect(waitingText).toContain("Your estimate is waiting for your answer");
      expect(waitingText).not.toContain("We will contact you to schedule the work");

      // the status page says the same
      const token = waitingText.match(/\/quotes\/status\/([A-Za-z0-9_-]+)/)?.[1] as string;
      const page = await throughRoot(get(`/quotes/status/${token}`), statusRoute.loader, {
        params: { token },
      });
      expect(((await page.json()) as { meaning: string }).meaning).toContain(
        "Your estimate is waiting for your answer",
      );
    },
    SLOW,
  );

  it(
    "the data export's file name and times, and the admin's CSV dates, are Utah time with the offset",
    async () => {
      const id = await newQuote(ann.user.id);
      // Sunday 6 December 2026, 7:30 PM in Utah is Monday 02:30 UTC
      const sundayEvening = new Date("2026-12-07T02:30:00Z");
      await db
        .update(schema.quotes)
        .set({ created_at: sundayEvening })
        .where(eq(schema.quotes.id, id));
      vi.useFakeTimers({ toFake: ["Date"], now: sundayEvening });

      const exported = await exportOf(ann);
      expect(exported.disposition).toMatch(/filename="?your-data-2026-12-06\.zip"?/);
      const quotes = exported.json("quotes.json") as { created_at: string }[];
      expect(quotes[0]?.created_at).toBe("2026-12-06T19:30:00-07:00");

      const csv = await run(csvRoute.loader, {
        request: requestTo("/admin/quotes/export.csv"),
        context: contextFor(admin),
      });
      const response = csv.value as Response;
      expect(response.headers.get("Content-Disposition")).toContain("quotes-2026-12-06.csv");
      const rows = (await response.text()).split("\r\n");
      expect(rows[1]).toContain(",2026-12-06T19:30:00-07:00,");
    },
    SLOW,
  );
});
