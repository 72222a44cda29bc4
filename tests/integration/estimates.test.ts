import { asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  acceptEstimate,
  declineEstimate,
  estimatePdf,
  verifyEstimateVersion,
} from "~/features/estimates/acceptance.server";
import {
  type EstimateParty,
  homeownerEstimate,
  linkParty,
  partyOf,
} from "~/features/estimates/access.server";
import { ESIGN_CONSENT_TEXT } from "~/features/estimates/consent";
import { sha256Hex } from "~/features/estimates/content";
import {
  estimateForAdmin,
  saveEstimateDraft,
  sendEstimate,
} from "~/features/estimates/estimates.server";
import {
  addPriceBookItem,
  editPriceBookItem,
  listPriceBook,
  retirePriceBookItem,
} from "~/features/estimates/price-book.server";
import {
  type AcceptEstimateInput,
  estimateDraftSchema,
  priceBookItemSchema,
} from "~/features/estimates/schemas";
import { samplePriceBook, seedPriceBook } from "~/features/estimates/seed.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { acceptInTwoProcesses } from "../setup/accept-concurrently";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { startSmtpServer } from "../setup/smtp";

const client = { ip: "198.51.100.23", userAgent: "Mozilla/5.0 (test)" };

describe.each(drivers)("estimates on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let staff: EstimateParty;
  let quoteId: string;

  beforeEach(async () => {
    database = await freshDatabase(driver, {
      ESTIMATE_TAX_RATE: "7.25",
      COMPANY_PHONE: "801-555-0142",
      COMPANY_EMAIL: "office@remediation.test",
    });
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
    staff = partyOf(admin);
    const outcome = await submitQuoteRequest("radon", formData(validAnswers.radon), {
      clientIp: "192.0.2.1",
      owner: { userId: null },
    });
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    quoteId = outcome.quoteId;
    // the first PGlite start of a run compiles its WebAssembly: minutes on a loaded machine
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  async function item(name: string) {
    const found = (await listPriceBook()).find((i) => i.name.startsWith(name));
    if (!found) throw new Error(`no price book item ${name}`);
    return found;
  }

  /** Two options from the price book as the editor posts them; one free line. */
  async function twoOptions(extra: Record<string, unknown> = {}) {
    const passive = await item("Passive radon vent system");
    const active = await item("Active sub-slab depressurization system");
    const fan = await item("Radon fan (replacement)");
    return estimateDraftSchema.parse({
      options: [
        { name: "Passive system", lines: [{ priceBookItemId: passive.id, quantity: "1" }] },
        {
          name: "Active sub-slab system",
          lines: [
            { priceBookItemId: active.id, quantity: "1" },
            { priceBookItemId: fan.id, quantity: "1" },
            { name: "Sealing", quantity: "2.5", unit: "hour", unitPrice: "95.00" },
          ],
        },
      ],
      ...extra,
    });
  }

  async function sent(): Promise<{ token: string; url: string }> {
    const saved = await saveEstimateDraft(staff, quoteId, await twoOptions());
    expect(saved).toMatchObject({ ok: true, version: 1 });
    const outcome = await sendEstimate(staff, quoteId);
    if (!outcome.ok) throw new Error(outcome.message);
    return { token: outcome.url.split("/").pop() as string, url: outcome.url };
  }

  /** The accept form as the page would post it for the version it shows. */
  async function acceptForm(
    token: string,
    fields: Partial<AcceptEstimateInput> = {},
  ): Promise<AcceptEstimateInput> {
    const shown = await homeownerEstimate(linkParty(token));
    if (shown?.state !== "open") throw new Error("estimate not open");
    return {
      versionId: shown.versionId,
      contentSha256: shown.view.contentSha256 as string,
      option: 2,
      consent: true,
      signerName: "Ann Lee",
      ...fields,
    };
  }

  const tableCounts = async () => {
    const tables = {
      acceptances: schema.estimate_acceptances,
      history: schema.quote_status_history,
      outbox: schema.mail_outbox,
      attachments: schema.mail_outbox_attachments,
      declines: schema.estimate_declines,
    };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  };

  const signaturePng = async () =>
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

  describe("price book", () => {
    it("is seeded once with sample prices, and never restored", async () => {
      const items = await listPriceBook();
      expect(items).toHaveLength(samplePriceBook.length);
      expect(new Set(items.map((i) => i.service))).toEqual(
        new Set(["radon", "mold", "water_filtration"]),
      );
      expect(items.every((i) => i.description.startsWith("Sample price"))).toBe(true);
      const first = items[0]!;
      await retirePriceBookItem(first.id);
      await seedPriceBook();
      expect(await listPriceBook()).toHaveLength(samplePriceBook.length - 1);
      expect(await listPriceBook({ includeRetired: true })).toHaveLength(samplePriceBook.length);
    });

    it("adds, edits and retires items; a retired item cannot be picked but stays on sent estimates", async () => {
      const input = priceBookItemSchema.parse({
        service: "radon",
        name: "Radon system annual check",
        unit: "each",
        unitPrice: "149.00",
      });
      const { id } = await addPriceBookItem(input);
      expect(
        await editPriceBookItem(id, { ...input, unitPrice: 15_900, description: "Yearly visit" }),
      ).toBe(true);
      expect((await listPriceBook({ service: "radon" })).find((i) => i.id === id)).toMatchObject({
        unit_price_cents: 15_900,
        description: "Yearly visit",
        taxable: false,
      });
      const draft = estimateDraftSchema.parse({
        options: [{ name: "Check", lines: [{ priceBookItemId: id, quantity: "1" }] }],
      });
      expect(await saveEstimateDraft(staff, quoteId, draft)).toMatchObject({ ok: true });
      await sendEstimate(staff, quoteId);
      expect(await retirePriceBookItem(id)).toBe(true);
      expect((await listPriceBook()).some((i) => i.id === id)).toBe(false);
      // the sent version keeps the line it copied
      const record = await estimateForAdmin(staff, quoteId);
      expect(record?.versions[0]?.view.options[0]?.lines[0]).toMatchObject({
        name: "Radon system annual check",
        unitPrice: "$159.00",
      });
      // a new draft cannot pick it any more
      const again = await saveEstimateDraft(staff, quoteId, draft);
      expect(again).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: {
          "options[0].lines[0].priceBookItemId": [
            "This item is no longer in the price book: choose another or type the line",
          ],
        },
      });
      expect(await editPriceBookItem("not-a-uuid", input)).toBe(false);
    });
  });

  describe("drafting and sending", () => {
    it("prices a draft on the server from the price book, with the default tax rate and 30 days", async () => {
      await saveEstimateDraft(staff, quoteId, await twoOptions());
      const record = await estimateForAdmin(staff, quoteId);
      expect(record?.status).toBe("draft");
      expect(record?.versions).toEqual([]);
      const draft = record?.draft;
      expect(draft?.input.taxRateBasisPoints).toBe(725);
      expect(draft?.input.validUntil).toBe(addDays(denverDate(new Date()), 30));
      // 1,850.00 + 325.00 (taxable) + 2.5 h x 95.00 = 2,412.50; tax 7.25% of 325.00 = 23.5625 -> 23.56
      expect(draft?.view.options[1]).toMatchObject({
        name: "Active sub-slab system",
        subtotal: "$2,412.50",
        tax: "$23.56",
        total: "$2,436.06",
      });
      expect(draft?.view.options[0]?.total).toBe("$950.00");
      // nobody but the admin sees or changes a draft
      expect(await homeownerEstimate(partyOf(null), quoteId)).toBeNull();
      const customer = await makeUser("other@example.com");
      expect(await saveEstimateDraft(partyOf(customer), quoteId, await twoOptions())).toMatchObject(
        { ok: false, status: 403 },
      );
      expect(await estimateForAdmin(partyOf(customer), quoteId)).toBeNull();
    });

    it("send freezes a version with its hash and mails the requester a link", async () => {
      const { token, url } = await sent();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [version] = await db.select().from(schema.estimate_versions);
      expect(version?.sent_at).toBeInstanceOf(Date);
      expect(version?.content_sha256).toBe(sha256Hex(version!.content));
      expect(JSON.parse(version!.content)).toMatchObject({
        version: 1,
        quote: { reference: quoteId.slice(0, 8), requesterName: "Ann Lee" },
      });
      // only the token's hash is stored
      const links = await db.select().from(schema.estimate_links);
      expect(links).toEqual([expect.objectContaining({ token_hash: sha256Hex(token) })]);
      const [mail] = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.kind, "estimate_sent"));
      expect(mail?.to_address).toBe("ann.lee@example.com");
      expect(mail?.text_body).toContain(url);
      expect(mail?.text_body).toMatch(/Option 2, Active sub-slab system: \$2,436\.06/);

      // the database refuses any change to a sent version, and a hash that does not match
      await expect(
        db
          .update(schema.estimate_versions)
          .set({ content: version!.content.replace("2436", "1436") }),
      ).rejects.toThrow();
      await expect(
        db.execute(
          sql`UPDATE estimate_versions SET content_sha256 = ${"0".repeat(64)} WHERE id = ${version!.id}`,
        ),
      ).rejects.toThrow();
      expect(await sendEstimate(staff, quoteId)).toMatchObject({ ok: false, status: 409 });
    });

    it("an edit becomes a new version when sent; the old one is superseded; every link shows the newest", async () => {
      const first = await sent();
      const v1Form = await acceptForm(first.token);
      await saveEstimateDraft(
        staff,
        quoteId,
        await twoOptions({ discountKind: "amount", discountAmount: "100" }),
      );
      // until v2 is sent, v1 is what the homeowner sees
      const before = await homeownerEstimate(linkParty(first.token));
      expect(before?.state === "open" && before.view.version).toBe(1);
      const second = await sendEstimate(staff, quoteId);
      expect(second).toMatchObject({ ok: true, version: 2 });
      const shown = await homeownerEstimate(linkParty(first.token));
      expect(shown?.state === "open" && shown.view.version).toBe(2);
      expect(shown?.state === "open" && shown.view.discountLabel).toBe("Discount");

      const countsBefore = await tableCounts();
      expect(await acceptEstimate(linkParty(first.token), undefined, v1Form, client)).toMatchObject(
        { ok: false, status: 409, message: expect.stringMatching(/updated since you opened it/) },
      );
      expect(await tableCounts()).toEqual(countsBefore);
      const record = await estimateForAdmin(staff, quoteId);
      expect(record?.versions.map((v) => [v.version, v.intact])).toEqual([
        [2, true],
        [1, true],
      ]);
    });

    it("records the homeowner's first view, never an admin's", async () => {
      const { token } = await sent();
      await estimateForAdmin(staff, quoteId);
      let [estimate] = await db.select().from(schema.estimates);
      expect(estimate).toMatchObject({ status: "sent", first_viewed_at: null });
      await homeownerEstimate(linkParty(token));
      [estimate] = await db.select().from(schema.estimates);
      expect(estimate?.status).toBe("viewed");
      const firstView = estimate?.first_viewed_at;
      expect(firstView).toBeInstanceOf(Date);
      await homeownerEstimate(linkParty(token), undefined, new Date(Date.now() + 60_000));
      [estimate] = await db.select().from(schema.estimates);
      expect(estimate?.first_viewed_at).toEqual(firstView);
    });
  });

  describe("access", () => {
    it("shows the estimate to its link, its owner and admins only", async () => {
      const owner = await makeUser("owner@example.com");
      const other = await makeUser("other@example.com");
      const property = await db
        .insert(schema.properties)
        .values({
          user_id: owner.id,
          address: "12 Elm St",
          city: "Sandy",
          state: "UT",
          zip_code: "84070",
        })
        .returning();
      await db
        .update(schema.quotes)
        .set({
          user_id: owner.id,
          is_guest: false,
          // as a quote requested for this property is written: linked, with its address copied
          property_id: property[0]!.id,
          property_address: "12 Elm St",
          property_city: "Sandy",
          property_state: "UT",
          property_zip_code: "84070",
        })
        .where(eq(schema.quotes.id, quoteId));
      const { token } = await sent();

      const forOwner = await homeownerEstimate(partyOf(owner), quoteId);
      expect(forOwner?.state === "open" && forOwner.view.propertyLines).toEqual([
        "12 Elm St",
        "Sandy, UT 84070",
      ]);
      expect(await homeownerEstimate(linkParty(token))).toMatchObject({ state: "open" });
      expect((await estimateForAdmin(staff, quoteId))?.versions).toHaveLength(1);

      const wrongToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      for (const [party, id] of [
        [partyOf(other), quoteId],
        [partyOf(null), quoteId],
        [linkParty(wrongToken), undefined],
        [linkParty("short"), undefined],
        [linkParty(token), "00000000-0000-4000-8000-000000000000"],
        [partyOf(owner), "not-a-uuid"],
      ] as const) {
        expect(await homeownerEstimate(party, id)).toBeNull();
        expect(await estimatePdf(party, { quoteId: id })).toBeNull();
        const countsBefore = await tableCounts();
        const form = await acceptForm(token);
        expect(await acceptEstimate(party, id, form, client)).toMatchObject({ status: 404 });
        expect(await declineEstimate(party, id, form, client)).toMatchObject({ status: 404 });
        expect(await tableCounts()).toEqual(countsBefore);
      }
      // an admin reads everything but never signs for the homeowner
      expect(await acceptEstimate(staff, quoteId, await acceptForm(token), client)).toMatchObject({
        status: 404,
      });
    });
  });

  describe("acceptance", () => {
    it("writes acceptance, status, history and both mails in one transaction; the PDF is attached", async () => {
      const { token } = await sent();
      const png = await signaturePng();
      const form = await acceptForm(token, {
        signature: `data:image/png;base64,${png.toString("base64")}`,
      });
      const outcome = await acceptEstimate(linkParty(token), undefined, form, client);
      expect(outcome).toMatchObject({
        ok: true,
        already: false,
        accepted: {
          version: 1,
          optionIndex: 2,
          optionName: "Active sub-slab system",
          total: "$2,436.06",
        },
      });

      const [acceptance] = await db.select().from(schema.estimate_acceptances);
      expect(acceptance).toMatchObject({
        option_index: 2,
        option_name: "Active sub-slab system",
        total_cents: 243_606,
        signer_name: "Ann Lee",
        client_ip: client.ip,
        user_agent: client.userAgent,
        consent_text: ESIGN_CONSENT_TEXT,
        content_sha256: form.contentSha256,
        accepted_by: null,
      });
      expect(acceptance?.signature_png?.equals(png)).toBe(true);
      const [quote] = await db.select().from(schema.quotes);
      expect(quote?.current_status).toBe("approved");
      const history = await db
        .select()
        .from(schema.quote_status_history)
        .orderBy(asc(schema.quote_status_history.created_at));
      expect(history.map((h) => [h.status, h.notes])).toEqual([
        ["pending", null],
        ["approved", "Estimate v1 accepted: Active sub-slab system, $2,436.06; job J-0001"],
      ]);
      const [estimate] = await db.select().from(schema.estimates);
      expect(estimate?.status).toBe("accepted");

      // both mails go out; the homeowner's carries the signed PDF holding the total
      const smtp = await startSmtpServer();
      try {
        await deliverDueMail({ transport: smtpTransport(smtp.url, "test@remediation.test") });
        const signed = smtp.received.find((m) => m.subject.startsWith("Your signed estimate"));
        expect(signed?.to).toEqual(["ann.lee@example.com"]);
        expect(signed?.attachments).toHaveLength(1);
        expect(signed?.attachments[0]).toMatchObject({
          filename: `estimate-${quoteId.slice(0, 8)}-v1.pdf`,
          mimeType: "application/pdf",
        });
        const pdfText = await textOf(signed!.attachments[0]!.content);
        expect(pdfText).toContain("$2,436.06");
        expect(pdfText).toContain("Signed electronically by Ann Lee");
        expect(pdfText).toContain(form.contentSha256);
        // 'reply to this email' reaches the company, and every mail says how to call it
        const estimateMail = smtp.received.find((m) => m.subject.startsWith("Your estimate from"));
        for (const mail of [estimateMail, signed]) {
          expect(mail?.headers["reply-to"]).toBe("office@remediation.test");
          expect(mail?.text).toContain("Call us any time: (801) 555-0142 (24/7 emergency service)");
          expect(mail?.text).toContain("Write to us: office@remediation.test");
        }
        expect(pdfText).toContain("Phone (801) 555-0142 (24/7) | Email office@remediation.test");
        const alert = smtp.received.find((m) => m.subject.startsWith("Estimate accepted"));
        expect(alert?.to).toEqual(["leads@remediation.test"]);
        expect(alert?.subject).toBe(
          `Estimate accepted: ${quoteId.slice(0, 8)} v1, Active sub-slab system, $2,436.06`,
        );
      } finally {
        await smtp.close();
      }

      // the page now shows the signed estimate and no longer offers to answer it
      const after = await homeownerEstimate(linkParty(token));
      expect(after).toMatchObject({ state: "open", canRespond: false });
      expect(after?.state === "open" && after.view.acceptance?.signatureDataUrl).toBe(
        `data:image/png;base64,${png.toString("base64")}`,
      );
      // and staff can no longer change it
      expect(await saveEstimateDraft(staff, quoteId, await twoOptions())).toMatchObject({
        ok: false,
        status: 409,
      });
    });

    it("writes nothing when any part of the acceptance fails", async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      await db.execute(sql`
        CREATE FUNCTION fail_history() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END; $$ LANGUAGE plpgsql`);
      await db.execute(sql`
        CREATE TRIGGER fail_history BEFORE INSERT ON quote_status_history
        FOR EACH ROW EXECUTE FUNCTION fail_history()`);
      const before = await tableCounts();
      const [estimateBefore] = await db.select().from(schema.estimates);

      await expect(acceptEstimate(linkParty(token), undefined, form, client)).rejects.toThrow();

      expect(await tableCounts()).toEqual(before);
      const [quote] = await db.select().from(schema.quotes);
      expect(quote?.current_status).toBe("pending");
      const [estimateAfter] = await db.select().from(schema.estimates);
      expect(estimateAfter?.status).toBe(estimateBefore?.status);

      await db.execute(sql`DROP TRIGGER fail_history ON quote_status_history`);
      expect(await acceptEstimate(linkParty(token), undefined, form, client)).toMatchObject({
        ok: true,
        already: false,
      });
    });

    it("accepts once: a double click or a second tab sees what was accepted", async () => {
      const { token } = await sent();
      const [first, second] = await Promise.all([
        acceptEstimate(linkParty(token), undefined, await acceptForm(token, { option: 1 }), client),
        acceptEstimate(linkParty(token), undefined, await acceptForm(token, { option: 2 }), client),
      ]);
      expect(first.ok && second.ok).toBe(true);
      expect([first, second].filter((o) => o.ok && o.already)).toHaveLength(1);
      const accepted = (await db.select().from(schema.estimate_acceptances)).map(
        (a) => a.option_index,
      );
      expect(accepted).toHaveLength(1);
      expect(first.ok && first.accepted.optionIndex).toBe(accepted[0]);
      expect(second.ok && second.accepted.optionIndex).toBe(accepted[0]);
      const history = await db
        .select()
        .from(schema.quote_status_history)
        .where(eq(schema.quote_status_history.status, "approved"));
      expect(history).toHaveLength(1);
    });

    it("refuses an expired version, and its link then shows only that it expired", async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      const [version] = await db.select().from(schema.estimate_versions);
      const later = new Date(`${addDays(version!.valid_until, 1)}T12:00:00Z`);
      const before = await tableCounts();
      expect(await acceptEstimate(linkParty(token), undefined, form, client, later)).toMatchObject({
        ok: false,
        status: 410,
      });
      expect(await declineEstimate(linkParty(token), undefined, form, client, later)).toMatchObject(
        {
          status: 410,
        },
      );
      expect(await tableCounts()).toEqual(before);
      expect(await homeownerEstimate(linkParty(token), undefined, later)).toEqual({
        state: "expired",
        reference: quoteId.slice(0, 8),
        validUntil: version!.valid_until,
      });
      expect(await estimatePdf(linkParty(token), {}, later)).toBeNull();
    });

    it("refuses an option the version lacks and an unreadable signature", async () => {
      const { token } = await sent();
      expect(
        await acceptEstimate(
          linkParty(token),
          undefined,
          await acceptForm(token, { option: 3 }),
          client,
        ),
      ).toMatchObject({
        status: 400,
        fieldErrors: { option: ["Choose one of the options shown"] },
      });
      const notPng = `data:image/png;base64,${Buffer.from("<svg/>").toString("base64")}`;
      expect(
        await acceptEstimate(
          linkParty(token),
          undefined,
          await acceptForm(token, { signature: notPng }),
          client,
        ),
      ).toMatchObject({ status: 400, fieldErrors: { signature: [expect.any(String)] } });
      expect((await tableCounts()).acceptances).toBe(0);
    });

    it("the hash of a signed version matches its stored content, and the record never changes", async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      await acceptEstimate(linkParty(token), undefined, form, client);
      const check = await verifyEstimateVersion(form.versionId);
      expect(check).toEqual({
        storedSha256: form.contentSha256,
        computedSha256: form.contentSha256,
        intact: true,
        acceptanceMatches: true,
      });
      await expect(
        db.update(schema.estimate_acceptances).set({ signer_name: "Someone Else" }),
      ).rejects.toThrow();
      // an acceptance naming another hash than its version's is refused by the database
      const [acceptance] = await db.select().from(schema.estimate_acceptances);
      await db.execute(sql`DELETE FROM estimate_acceptances`);
      await expect(
        db.insert(schema.estimate_acceptances).values({
          ...acceptance!,
          id: undefined,
          content_sha256: "f".repeat(64),
        }),
      ).rejects.toThrow();
    });

    it("declines with a reason: recorded once, the company told, the status left to staff", async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      const decline = {
        versionId: form.versionId,
        contentSha256: form.contentSha256,
        reason: "Too expensive",
      };
      expect(await declineEstimate(linkParty(token), undefined, decline, client)).toEqual({
        ok: true,
        already: false,
      });
      expect(await declineEstimate(linkParty(token), undefined, decline, client)).toEqual({
        ok: true,
        already: true,
      });
      const declines = await db.select().from(schema.estimate_declines);
      expect(declines).toEqual([
        expect.objectContaining({ reason: "Too expensive", client_ip: client.ip }),
      ]);
      const [quote] = await db.select().from(schema.quotes);
      expect(quote?.current_status).toBe("pending");
      const [estimate] = await db.select().from(schema.estimates);
      expect(estimate?.status).toBe("declined");
      const alerts = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.kind, "estimate_declined_alert"));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.to_address).toBe("leads@remediation.test");
      expect(alerts[0]?.text_body).toContain("Reason: Too expensive");
      expect(await acceptEstimate(linkParty(token), undefined, form, client)).toMatchObject({
        ok: false,
        status: 409,
      });
      // staff send a new version, which can be accepted
      await saveEstimateDraft(
        staff,
        quoteId,
        await twoOptions({ discountKind: "percent", discountPercent: "5" }),
      );
      await sendEstimate(staff, quoteId);
      expect(
        await acceptEstimate(linkParty(token), undefined, await acceptForm(token), client),
      ).toMatchObject({ ok: true, accepted: { version: 2 } });
    });

    it("refuses an answer, accept or decline, when the request was closed meanwhile; the page offers none", async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      await db.update(schema.quotes).set({ current_status: "rejected" });
      expect(await acceptEstimate(linkParty(token), undefined, form, client)).toMatchObject({
        ok: false,
        status: 409,
      });
      const decline = { versionId: form.versionId, contentSha256: form.contentSha256 };
      expect(await declineEstimate(linkParty(token), undefined, decline, client)).toMatchObject({
        ok: false,
        status: 409,
        message: expect.stringContaining("can no longer be accepted or declined"),
      });
      expect((await tableCounts()).acceptances).toBe(0);
      expect(await db.select().from(schema.estimate_declines)).toEqual([]);
      expect(await homeownerEstimate(linkParty(token))).toMatchObject({ canRespond: false });
    });
  });

  describe("PDF", () => {
    it("holds the page's content: company, reference, options, totals, valid-until", async () => {
      const { token } = await sent();
      const file = await estimatePdf(linkParty(token));
      expect(file?.filename).toBe(`estimate-${quoteId.slice(0, 8)}-v1.pdf`);
      const text = await textOf(file!.pdf);
      const shown = await homeownerEstimate(linkParty(token));
      if (shown?.state !== "open") throw new Error("not open");
      for (const expected of [
        "Utah Home Remediation",
        shown.view.reference,
        "Passive system",
        "Active sub-slab system",
        "$2,436.06",
        "$950.00",
        "Sales tax (7.25%)",
        shown.view.validUntil,
      ]) {
        expect(text).toContain(expected);
      }
      // admins can download a draft too
      await saveEstimateDraft(staff, quoteId, await twoOptions());
      const draft = await estimatePdf(staff, { quoteId });
      expect(await textOf(draft!.pdf)).toContain("Draft (not sent)");
    });
  });

  itOnPostgres(driver)(
    "two processes accepting at once on PostgreSQL record one acceptance",
    async () => {
      const { token } = await sent();
      const form = await acceptForm(token);
      const outcomes = await acceptInTwoProcesses(database, token, form);

      const acceptances = await db.select().from(schema.estimate_acceptances);
      expect(acceptances).toHaveLength(1);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      expect(outcomes.filter((o) => o.already)).toHaveLength(1);
      expect(outcomes.map((o) => o.accepted.optionIndex)).toEqual([
        acceptances[0]!.option_index,
        acceptances[0]!.option_index,
      ]);
    },
    // two processes start tsx and open the database: slow on a loaded machine, never stuck
    180_000,
  );
});

async function textOf(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
