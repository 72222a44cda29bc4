/**
 * The homeowner's estimate pages through our routes, as a browser or an attacker reaches them:
 * the mailed link /estimates/{token} (page, PDF, accept, decline) and a signed-in customer's
 * /account/quotes/{id}/estimate, on both drivers. The domain's own rules are tested in
 * estimates.test.ts; here: what each request answers, its headers, and what it wrote.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { partyOf } from "~/features/estimates/access.server";
import type { EstimatePageData } from "~/features/estimates/estimate-page";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountRoute from "~/routes/account/quote-estimate";
import * as accountPdfRoute from "~/routes/account/quote-estimate-pdf";
import * as accountQuotesRoute from "~/routes/account/quotes";
import * as pageRoute from "~/routes/estimates/estimate";
import * as pdfRoute from "~/routes/estimates/pdf";
import * as statusRoute from "~/routes/quotes/status";
import { contextFor, makeUser, ORIGIN, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Open = Extract<EstimatePageData, { state: "open" }>;

const get = (path: string, userAgent = BROWSER) =>
  new Request(new URL(path, ORIGIN), { headers: { "User-Agent": userAgent } });

const post = (path: string, fields: Record<string, string>) =>
  new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": BROWSER,
    },
  });

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const signaturePng = () =>
  sharp({
    create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 70" stroke="black" fill="none" stroke-width="3"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

describe.each(drivers)("the homeowner's estimate pages on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let quoteId: string;
  let token: string;

  async function item(name: string) {
    const found = (await listPriceBook()).find((i) => i.name.startsWith(name));
    if (!found) throw new Error(`no price book item ${name}`);
    return found;
  }

  /** Drafts and sends a two-option estimate for `quote`; returns the mailed link's token. */
  async function sendTwoOptions(quote: string, secondName = "Active sub-slab system") {
    const passive = await item("Passive radon vent system");
    const active = await item("Active sub-slab depressurization system");
    const draft = estimateDraftSchema.parse({
      options: [
        { name: "Passive system", lines: [{ priceBookItemId: passive.id, quantity: "1" }] },
        {
          name: secondName,
          lines: [
            { priceBookItemId: active.id, quantity: "1" },
            { name: "Sealing", quantity: "2.5", unit: "hour", unitPrice: "95.00" },
          ],
        },
      ],
      discountKind: "amount",
      discountAmount: "50.00",
    });
    const staff = partyOf(admin);
    expect(await saveEstimateDraft(staff, quote, draft)).toMatchObject({ ok: true });
    const sent = await sendEstimate(staff, quote);
    if (!sent.ok) throw new Error(sent.message);
    return sent.url.split("/").pop() as string;
  }

  async function newQuote(userId: string | null = null, email = "ann@example.com") {
    const outcome = await submitQuoteRequest("radon", formData({ ...validAnswers.radon, email }), {
      clientIp: "192.0.2.1",
      owner: { userId },
    });
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    return outcome.quoteId;
  }

  beforeEach(async () => {
    database = await freshDatabase(driver, { ESTIMATE_TAX_RATE: "7.25" });
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
    quoteId = await newQuote();
    token = await sendTwoOptions(quoteId);
  }, SLOW);
  afterEach(async () => {
    vi.useRealTimers();
    await database.dispose();
  });

  const page = (t = token, ip?: string, userAgent?: string) =>
    throughRoot(get(`/estimates/${t}`, userAgent), pageRoute.loader, { params: { token: t }, ip });
  const pdf = (t = token, ip?: string) =>
    throughRoot(get(`/estimates/${t}/pdf`), pdfRoute.loader, { params: { token: t }, ip });
  const respond = (fields: Record<string, string>, t = token, ip?: string) =>
    throughRoot(post(`/estimates/${t}`, fields), pageRoute.action, { params: { token: t }, ip });

  async function shown(t = token): Promise<Open> {
    const answer = await page(t);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as EstimatePageData;
    if (body.state !== "open") throw new Error("estimate not open");
    return body;
  }

  /** The accept form as the page posts it without JavaScript (the typed name only). */
  async function acceptFields(extra: Record<string, string> = {}, t = token) {
    const open = await shown(t);
    return {
      intent: "accept",
      versionId: open.versionId,
      contentSha256: open.view.contentSha256 as string,
      option: "2",
      consent: "on",
      signerName: "Ann Lee",
      ...extra,
    };
  }

  const acceptances = () => db.select().from(schema.estimate_acceptances);
  const quoteStatus = async () =>
    (await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId)))[0]?.current_status;

  it("shows the newest sent version through its link: company, property, options, totals, terms, valid-until; private headers", async () => {
    const answer = await page();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    // the route's document headers say the same, with no referrer
    expect(pageRoute.headers()).toEqual({
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
    });
    const body = (await answer.json()) as Open;
    expect(body.state).toBe("open");
    expect(body.canRespond).toBe(true);
    expect(body.pdfHref).toBe(`/estimates/${token}/pdf`);
    expect(body.view.company.name).toBe("Utah Home Remediation");
    expect(body.view.requesterName).toBe(
      `${validAnswers.radon.firstName} ${validAnswers.radon.lastName}`,
    );
    expect(body.view.propertyLines.join(" ")).toContain(validAnswers.radon.zipCode);
    expect(body.view.options.map((o) => o.name)).toEqual([
      "Passive system",
      "Active sub-slab system",
    ]);
    for (const option of body.view.options) {
      expect(option.subtotal).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(option.discount).toBe("-$50.00");
      expect(option.total).toMatch(/^\$[\d,]+\.\d\d$/);
    }
    expect(body.view.taxLabel).toBe("Sales tax (7.25%)");
    expect(body.view.terms.length).toBeGreaterThan(0);
    expect(body.view.validUntil).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(body.consent.text.join("\n\n")).toContain("paper copy");
    // the first view through the link is recorded
    const [estimate] = await db.select().from(schema.estimates);
    expect(estimate?.status).toBe("viewed");
    // the head: noindex and no canonical or og:url repeating the token
    const meta = pageRoute.meta({
      location: { pathname: `/estimates/${token}` },
      matches: [],
      params: { token },
    } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(JSON.stringify(meta)).not.toContain(token);
  });

  it("downloads the PDF of exactly the page's content, as an attachment that is never stored", async () => {
    const open = await shown();
    const answer = await pdf();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="estimate-${open.view.reference}-v1\\.pdf"$`),
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const text = await pdfText(answer);
    for (const option of open.view.options) {
      expect(text).toContain(option.name);
      expect(text).toContain(option.total);
      expect(text).toContain(option.subtotal);
    }
    expect(text).toContain(open.view.company.name);
    expect(text).toContain(open.view.reference);
    expect(text).toContain(open.view.validUntil);
  });

  it("prints names in any script (Latin with diacritics, Vietnamese, Chinese, Korean, Cyrillic) on the PDF and its signature line; the heading clears its subtitle", async () => {
    const outcome = await submitQuoteRequest(
      "radon",
      formData({ ...validAnswers.radon, firstName: "Zoë", lastName: "Nguyễn" }),
      { clientIp: "192.0.2.1", owner: { userId: null } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    const t = await sendTwoOptions(outcome.quoteId, "Вентиляция 通风");
    const signer = "Zoë Nguyễn 王小明 김민준 Зоя Иванова";
    expect((await respond(await acceptFields({ signerName: signer }, t), t)).status).toBe(302);
    const answer = await pdf(t);
    expect(answer.status).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(await answer.arrayBuffer()));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain("Zoë Nguyễn");
    expect(text).toContain("Вентиляция 通风");
    expect(text).toContain(`Signed electronically by ${signer}`);
    // the company name (16 pt) and the tagline under it (10 pt): the tagline's baseline sits
    // below the name's descenders (0.3 em) plus its own capitals (0.75 em), so nothing overlaps
    const items = (await (await document.getPage(1)).getTextContent()).items.flatMap((item) =>
      "str" in item && item.str.trim() ? [item] : [],
    );
    const company = items.find((item) => item.str === "Utah Home Remediation");
    const tagline = items.find((item) => item.str.startsWith("Water, mold and radon"));
    if (!company || !tagline) throw new Error("heading not found");
    const gap = (company.transform[5] as number) - (tagline.transform[5] as number);
    expect(gap).toBeGreaterThanOrEqual(0.3 * 16 + 0.75 * 10);
  });

  it("shows the '* taxable item' key on the page and the PDF only when a line is taxable", async () => {
    expect((await shown()).view.taxableKey).toBe(false);
    expect(await pdfText(await pdf())).not.toContain("taxable item");

    const quote = await newQuote();
    const staff = partyOf(admin);
    const draft = estimateDraftSchema.parse({
      options: [
        {
          name: "Test kit",
          lines: [
            {
              name: "Radon test kit",
              quantity: "1",
              unit: "each",
              unitPrice: "45.00",
              taxable: true,
            },
          ],
        },
      ],
    });
    expect(await saveEstimateDraft(staff, quote, draft)).toMatchObject({ ok: true });
    const sent = await sendEstimate(staff, quote);
    if (!sent.ok) throw new Error(sent.message);
    const t = sent.url.split("/").pop() as string;
    expect((await shown(t)).view.taxableKey).toBe(true);
    expect(await pdfText(await pdf(t))).toContain("* taxable item");
  });

  it("accepts with the typed name only (no drawing, no JavaScript), then shows what was accepted", async () => {
    const fields = await acceptFields();
    const answer = await respond(fields);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/estimates/${token}`);
    expect(await toastIn(answer.headers.getSetCookie().join("\n"))).toMatchObject({
      title: "Estimate accepted",
    });
    const [row] = await acceptances();
    expect(row).toMatchObject({
      option_index: 2,
      option_name: "Active sub-slab system",
      signer_name: "Ann Lee",
      signature_png: null,
      user_agent: BROWSER,
    });
    expect(await quoteStatus()).toBe("approved");

    const after = await shown();
    expect(after.canRespond).toBe(false);
    expect(after.view.acceptance).toMatchObject({
      optionName: "Active sub-slab system",
      total: after.view.options[1]?.total,
      signerName: "Ann Lee",
      signatureDataUrl: null,
    });
    // the time of signing in Utah, with its zone
    expect(after.view.acceptance?.signedAt).toMatch(/\d{1,2}:\d\d:\d\d [AP]M M[SD]T$/);
    const signed = await pdfText(await pdf());
    expect(signed).toContain("Signed electronically by Ann Lee");
    expect(signed).toContain(after.view.options[1]?.total as string);
  });

  it("accepts with a drawn signature: the PNG is stored as drawn and shown back", async () => {
    const png = await signaturePng();
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    const answer = await respond(await acceptFields({ option: "1", signature: dataUrl }));
    expect(answer.status).toBe(302);
    const [row] = await acceptances();
    expect(row?.option_index).toBe(1);
    expect(Buffer.compare(row?.signature_png as Buffer, png)).toBe(0);
    expect((await shown()).view.acceptance?.signatureDataUrl).toBe(dataUrl);
  });

  it("takes a signature as large as a phone's high-density canvas draws through the site's body limits", async () => {
    // random pixels do not compress: a PNG of about 100 KB, 135,000 characters as a data URL
    const noise = Buffer.from(
      Array.from({ length: 180 * 140 * 4 }, () => Math.floor(Math.random() * 256)),
    );
    const png = await sharp(noise, { raw: { width: 180, height: 140, channels: 4 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(90_000);
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    const answer = await respond(await acceptFields({ signature: dataUrl }));
    expect(answer.status).toBe(302);
    const [row] = await acceptances();
    expect(row?.signature_png?.length).toBe(png.length);
  });

  it("refuses a signature that is not a readable PNG, a missing consent and a missing name, writing nothing", async () => {
    const notPng = `data:image/png;base64,${Buffer.from("GIF89a not a png").toString("base64")}`;
    const cases: [Record<string, string>, string, string][] = [
      [{ signature: notPng }, "signature", "The signature could not be read"],
      [{ consent: "" }, "consent", "Tick the box to agree to sign electronically"],
      [{ signerName: "  " }, "signerName", "Type your full name"],
      [{ option: "" }, "option", "Choose an option"],
    ];
    for (const [change, field, message] of cases) {
      const answer = await respond(await acceptFields(change));
      expect(answer.status, field).toBe(400);
      const body = (await answer.json()) as {
        intent: string;
        result: { error: Record<string, string[]> };
      };
      expect(body.intent).toBe("accept");
      expect(body.result.error[field]?.[0], field).toContain(message);
    }
    expect(await acceptances()).toHaveLength(0);
    expect(await quoteStatus()).toBe("pending");
  });

  it("accepts once: a second post (another tab, a double click) is shown what was accepted", async () => {
    const fields = await acceptFields();
    const [first, second] = [
      await respond(fields),
      await respond({ ...fields, option: "1", signerName: "Bob" }),
    ];
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(await toastIn(second.headers.getSetCookie().join("\n"))).toMatchObject({
      title: "Already accepted",
    });
    expect(await acceptances()).toHaveLength(1);
    expect((await shown()).view.acceptance).toMatchObject({
      signerName: "Ann Lee",
      optionIndex: 2,
    });
  });

  it("declines with an optional reason; the estimate can then no longer be accepted there", async () => {
    const open = await shown();
    const answer = await respond({
      intent: "decline",
      versionId: open.versionId,
      contentSha256: open.view.contentSha256 as string,
      reason: "Too expensive for us this year",
    });
    expect(answer.status).toBe(302);
    expect(await toastIn(answer.headers.getSetCookie().join("\n"))).toMatchObject({
      title: "Estimate declined",
    });
    const [decline] = await db.select().from(schema.estimate_declines);
    expect(decline?.reason).toBe("Too expensive for us this year");
    expect(await quoteStatus()).toBe("pending");
    const after = await shown();
    expect(after.canRespond).toBe(false);
    expect(after.view.decline?.reason).toBe("Too expensive for us this year");
    const refused = await respond(await acceptFields());
    expect(refused.status).toBe(409);
    expect(await acceptances()).toHaveLength(0);

    // without a reason is fine too (a new version after the decline)
    await sendTwoOptions(quoteId, "Active system + sealing");
    const second = await shown();
    const bare = await respond({
      intent: "decline",
      versionId: second.versionId,
      contentSha256: second.view.contentSha256 as string,
    });
    expect(bare.status).toBe(302);
    expect(await db.select({ n: count() }).from(schema.estimate_declines)).toEqual([{ n: 2 }]);
  });

  it("refuses a superseded version (the page then shows the new one) and an expired one", async () => {
    const stale = await acceptFields();
    await sendTwoOptions(quoteId, "Active system + sealing");
    const refused = await respond(stale);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error[""]?.[0]).toBe(
      "This estimate has been updated since you opened it. Please review the new version.",
    );
    const current = await shown();
    expect(current.view.version).toBe(2);
    expect(current.view.options[1]?.name).toBe("Active system + sealing");

    const fresh = await acceptFields();
    // 31 days later in Utah: past the default 30-day validity
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 24 * 3600 * 1000);
    const expired = await respond(fresh);
    expect(expired.status).toBe(410);
    const said = (await expired.json()) as { result: { error: Record<string, string[]> } };
    expect(said.result.error[""]?.[0]).toMatch(/^This estimate expired on /);
    const later = await page();
    expect(later.status).toBe(410);
    expect(await later.json()).toEqual({
      state: "expired",
      reference: current.view.reference,
      validUntil: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect((await pdf()).status).toBe(404);
    expect(await acceptances()).toHaveLength(0);
  });

  it("shows nothing to a wrong token, a crawler, another customer or an admin: the same 404", async () => {
    const guessed = randomBytes(32).toString("base64url");
    // the real token with its last character changed
    const oneOff = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const t of [guessed, "short", oneOff]) {
      for (const agent of [BROWSER, CRAWLER]) {
        const answer = await page(t, undefined, agent);
        expect(answer.status, t).toBe(404);
        expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
        expect(await answer.json()).toBeNull();
      }
      expect((await pdf(t)).status).toBe(404);
      expect((await respond(await acceptFields(), t)).status).toBe(404);
    }
    expect(await acceptances()).toHaveLength(0);

    // the account's way in: only the quote's owner
    const owner = await makeUser("owner@example.com");
    const other = await makeUser("other@example.com");
    const ownQuote = await newQuote(owner.id, "owner@example.com");
    await sendTwoOptions(ownQuote);
    const asUser = (
      fn: (args: never) => unknown,
      user: SessionUser,
      form?: Record<string, string>,
    ) =>
      run(fn, {
        request: form
          ? post(`/account/quotes/${ownQuote}/estimate`, form)
          : get(`/account/quotes/${ownQuote}/estimate`),
        context: contextFor(user),
        params: { id: ownQuote },
      });
    expect((await asUser(accountRoute.loader, owner)).status).toBe(200);
    for (const user of [other, admin]) {
      expect((await asUser(accountRoute.loader, user)).status, user.email).toBe(404);
      expect((await asUser(accountPdfRoute.loader, user)).status, user.email).toBe(404);
    }
    // the owner's quote list links to it; the other customer's does not
    const listed = async (user: SessionUser) =>
      (
        (
          await run(accountQuotesRoute.loader, {
            request: get("/account/quotes"),
            context: contextFor(user),
          })
        ).value as { quotes: { id: string; estimate: string | null }[] }
      ).quotes;
    expect(await listed(owner)).toEqual([
      expect.objectContaining({ id: ownQuote, estimate: "viewed" }),
    ]);
    expect(await listed(other)).toEqual([]);
  });

  it("the requester's status page says an estimate was sent, without a link to it", async () => {
    const mails = await db
      .select({ text: schema.mail_outbox.text_body })
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, quoteId));
    const statusToken = mails
      .map((m) => m.text?.match(/\/quotes\/status\/([A-Za-z0-9_-]{43})/)?.[1])
      .find(Boolean) as string;
    expect(statusToken).toBeTruthy();
    const status = await throughRoot(get(`/quotes/status/${statusToken}`), statusRoute.loader, {
      params: { token: statusToken },
    });
    const body = (await status.json()) as { estimate: { status: string; sentAt: string } };
    expect(body.estimate).toEqual({ status: "sent", sentAt: expect.stringMatching(/M[SD]T/) });
    expect(JSON.stringify(body)).not.toContain("/estimates/");
  });

  describe("role x route matrix", () => {
    it("answers every estimate loader and action only to the link's holder or the quote's owner", async () => {
      const owner = await makeUser("owner@example.com");
      const other = await makeUser("other@example.com");
      const ownQuote = await newQuote(owner.id, "owner@example.com");
      const ownToken = await sendTwoOptions(ownQuote);
      const guessed = randomBytes(32).toString("base64url");
      const decline = async (t: string) => {
        const open = await shown(t);
        return {
          intent: "decline",
          versionId: open.versionId,
          contentSha256: open.view.contentSha256 as string,
        };
      };
      const declineForm = await decline(ownToken);
      type Actor = "guest" | "crawler" | "other" | "admin" | "owner";
      const actors: Record<Actor, SessionUser | null> = {
        guest: null,
        crawler: null,
        other,
        admin,
        owner,
      };
      const endpoints: {
        name: string;
        fn: (args: never) => unknown;
        path: string;
        params: Record<string, string>;
        form?: Record<string, string>;
        /** what each actor gets; a guest without a session is sent to sign in on /account */
        expected: Record<Actor, number>;
      }[] = [
        {
          name: "page, right link",
          fn: pageRoute.loader,
          path: `/estimates/${ownToken}`,
          params: { token: ownToken },
          expected: { guest: 200, crawler: 200, other: 200, admin: 200, owner: 200 },
        },
        {
          name: "page, guessed link",
          fn: pageRoute.loader,
          path: `/estimates/${guessed}`,
          params: { token: guessed },
          expected: { guest: 404, crawler: 404, other: 404, admin: 404, owner: 404 },
        },
        {
          name: "PDF, guessed link",
          fn: pdfRoute.loader,
          path: `/estimates/${guessed}/pdf`,
          params: { token: guessed },
          expected: { guest: 404, crawler: 404, other: 404, admin: 404, owner: 404 },
        },
        {
          name: "answer, guessed link",
          fn: pageRoute.action,
          path: `/estimates/${guessed}`,
          params: { token: guessed },
          form: declineForm,
          expected: { guest: 404, crawler: 404, other: 404, admin: 404, owner: 404 },
        },
        {
          name: "account page",
          fn: accountRoute.loader,
          path: `/account/quotes/${ownQuote}/estimate`,
          params: { id: ownQuote },
          expected: { guest: 302, crawler: 302, other: 404, admin: 404, owner: 200 },
        },
        {
          name: "account PDF",
          fn: accountPdfRoute.loader,
          path: `/account/quotes/${ownQuote}/estimate/pdf`,
          params: { id: ownQuote },
          expected: { guest: 302, crawler: 302, other: 404, admin: 404, owner: 200 },
        },
        {
          name: "account page, a quote id that is not one",
          fn: accountRoute.loader,
          path: "/account/quotes/not-a-uuid/estimate",
          params: { id: "not-a-uuid" },
          expected: { guest: 302, crawler: 302, other: 404, admin: 404, owner: 404 },
        },
        // last: the owner's decline is a real one
        {
          name: "account answer",
          fn: accountRoute.action,
          path: `/account/quotes/${ownQuote}/estimate`,
          params: { id: ownQuote },
          form: declineForm,
          expected: { guest: 302, crawler: 302, other: 404, admin: 404, owner: 302 },
        },
      ];
      for (const endpoint of endpoints) {
        for (const [actor, user] of Object.entries(actors) as [Actor, SessionUser | null][]) {
          const agent = actor === "crawler" ? CRAWLER : BROWSER;
          const request = endpoint.form
            ? post(endpoint.path, endpoint.form)
            : get(endpoint.path, agent);
          const answer = await run(endpoint.fn, {
            request,
            context: contextFor(user),
            params: endpoint.params,
          });
          expect(answer.status, `${endpoint.name} as ${actor}`).toBe(endpoint.expected[actor]);
          if (answer.status === 302 && !user) {
            expect(answer.location).toMatch(/^\/auth\/signin\?redirectTo=/);
          }
          if (actor !== "owner") {
            expect(await db.select().from(schema.estimate_declines), endpoint.name).toHaveLength(0);
          }
        }
      }
      // the owner's decline went through; nobody else's did
      const [declined] = await db.select().from(schema.estimate_declines);
      expect(declined?.declined_by).toBe(owner.id);
    });
  });

  it("limits answers per client through our action: the 21st post in an hour gets 429, other clients go on", async () => {
    const ip = "203.0.113.90";
    const incomplete = { ...(await acceptFields()), consent: "" };
    for (let i = 0; i < 20; i += 1) {
      expect((await respond(incomplete, token, ip)).status).toBe(400);
    }
    const limited = await respond(await acceptFields(), token, ip);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error[""]?.[0]).toMatch(/^Too many requests/);
    expect(await acceptances()).toHaveLength(0);
    // another client is not held up by this one
    expect((await respond(await acceptFields(), token, "203.0.113.91")).status).toBe(302);
  });
});
