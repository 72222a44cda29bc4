/**
 * The staff's side of estimates through the back office's routes: the price book page, the
 * estimate builder on the quote page (save, send, messages), the estimate's record with the
 * signature served only to admins, and the quotes list's estimate column, filter and CSV.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { acceptEstimate, declineEstimate } from "~/features/estimates/acceptance.server";
import { homeownerEstimate, linkParty, partyOf } from "~/features/estimates/access.server";
import { sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as signatureRoute from "~/routes/admin/estimate-signature";
import * as priceBookRoute from "~/routes/admin/price-book";
import * as quoteRoute from "~/routes/admin/quote";
import * as quotesRoute from "~/routes/admin/quotes";
import * as exportRoute from "~/routes/admin/quotes-export";
import * as pdfRoute from "~/routes/estimates/pdf";
import { contextFor, makeUser, ORIGIN, requestTo, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { renderRoute } from "../setup/render";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;

type QuoteData = Awaited<ReturnType<typeof quoteRoute.loader>>;
type PriceBookData = Awaited<ReturnType<typeof priceBookRoute.loader>>;
type ActionBody = {
  result?: { error?: Record<string, string[]> };
  estimateResult?: { error?: Record<string, string[]> };
};

describe.each(drivers)("estimates in the back office on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let quoteId: string;

  beforeEach(async () => {
    database = await freshDatabase(driver, { ESTIMATE_TAX_RATE: "7.25" });
    await seedPriceBook();
    admin = await makeUser("admin@example.com", { admin: true, totp: true });
    const outcome = await submitQuoteRequest("radon", formData(validAnswers.radon), {
      clientIp: "192.0.2.1",
      owner: { userId: null },
    });
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    quoteId = outcome.quoteId;
  }, SLOW);
  afterEach(async () => {
    await database.dispose();
  });

  const quotePage = async (user: SessionUser = admin) =>
    (
      await run(quoteRoute.loader, {
        request: requestTo(`/admin/quotes/${quoteId}`),
        context: contextFor(user),
        params: { id: quoteId },
      })
    ).value as QuoteData;

  const postQuote = (form: Record<string, string>, user: SessionUser | null = admin) =>
    run(quoteRoute.action, {
      request: requestTo(`/admin/quotes/${quoteId}`, form),
      context: contextFor(user),
      params: { id: quoteId },
    });

  const itemId = async (name: string) => {
    const item = (await listPriceBook()).find((i) => i.name.startsWith(name));
    if (!item) throw new Error(`no item ${name}`);
    return item.id;
  };

  /** The builder's post as the browser sends it: every row, the empty ones included. */
  async function twoOptionForm(intent: "save-estimate" | "send-estimate") {
    const blank = (i: number, j: number) => ({
      [`options[${i}].lines[${j}].priceBookItemId`]: "",
      [`options[${i}].lines[${j}].name`]: "",
      [`options[${i}].lines[${j}].description`]: "",
      [`options[${i}].lines[${j}].quantity`]: "1",
      [`options[${i}].lines[${j}].unit`]: "",
      [`options[${i}].lines[${j}].unitPrice`]: "",
    });
    return {
      intent,
      "options[0].name": "Passive system",
      ...blank(0, 0),
      "options[0].lines[0].priceBookItemId": await itemId("Passive radon vent system"),
      ...blank(0, 1),
      ...blank(0, 2),
      "options[1].name": "Active sub-slab system",
      ...blank(1, 0),
      ...blank(1, 1),
      "options[1].lines[1].priceBookItemId": await itemId("Active sub-slab depressurization"),
      ...blank(1, 2),
      "options[1].lines[2].name": "Sealing cracks",
      "options[1].lines[2].quantity": "2.5",
      "options[1].lines[2].unit": "hour",
      "options[1].lines[2].unitPrice": "95.00",
      "options[1].lines[2].taxable": "on",
      "options[2].name": "",
      ...blank(2, 0),
      discountKind: "none",
      discountAmount: "",
      discountPercent: "",
      taxRate: "7.25",
      terms: "Payment on completion.",
      validUntil: "",
      // its lines come from the sample price book: confirmed here, the warning has its own test
      ...(intent === "send-estimate" ? { sendAnyway: "on" } : {}),
    };
  }

  describe("estimate builder on the quote page", () => {
    it("saves a draft priced by the server, dropping the empty rows", async () => {
      const before = await quotePage();
      expect(before.estimate.status).toBeNull();
      expect(before.estimate.values.taxRate).toBe("7.25");
      expect(before.estimate.priceBook.every((c) => !c.label.startsWith("Mold"))).toBe(true);
      expect(before.estimate.priceBook.length).toBe(
        (await listPriceBook({ service: "radon" })).length,
      );

      const saved = await postQuote(await twoOptionForm("save-estimate"));
      expect(saved.status).toBe(302);
      expect(saved.location).toBe(`/admin/quotes/${quoteId}#estimate`);
      expect((await toastIn(saved.setCookie))?.title).toBe("Draft saved");

      const page = await quotePage();
      expect(page.estimate.status).toBe("draft");
      const draft = page.estimate.draft;
      expect(draft?.options.map((o) => [o.name, o.lines.length])).toEqual([
        ["Passive system", 1],
        ["Active sub-slab system", 2],
      ]);
      // $950.00 passive; $1,850.00 + 2.5 h x $95.00 = $237.50 taxed at 7.25 % ($17.22)
      expect(draft?.options.map((o) => o.total)).toEqual(["$950.00", "$2,104.72"]);
      expect(draft?.options[1]?.tax).toBe("$17.22");
      // the builder starts from what was saved
      expect(page.estimate.values.options[1]?.lines[1]).toMatchObject({
        name: "Sealing cracks",
        quantity: "2.5",
        unitPrice: "95.00",
        taxable: true,
      });
      expect(page.estimate.record?.versions).toEqual([]);
      expect(
        await db
          .select()
          .from(schema.mail_outbox)
          .where(eq(schema.mail_outbox.kind, "estimate_sent")),
      ).toHaveLength(0);
    });

    it("answers bad input with messages by field and writes nothing", async () => {
      const form = await twoOptionForm("send-estimate");
      form["options[0].name"] = "";
      form["options[1].lines[2].unitPrice"] = "12.345";
      form["options[1].lines[2].quantity"] = "0";
      form.taxRate = "25";
      const refused = await postQuote(form);
      expect(refused.status).toBe(400);
      const errors = (refused.value as ActionBody).estimateResult?.error ?? {};
      expect(errors["options[0].name"]).toEqual(["Name this option"]);
      // empty rows are dropped and the rest numbered again: the typed line is now the second
      expect(errors["options[1].lines[1].unitPrice"]).toEqual([
        "Enter an amount in dollars and cents, e.g. 1250.00",
      ]);
      expect(errors["options[1].lines[1].quantity"]).toEqual(["Enter a quantity greater than 0"]);
      expect(errors.taxRate).toEqual(["Enter at most 20%"]);

      // an option named with no line, and a line with a name but no price
      const lineless = await postQuote({
        intent: "save-estimate",
        "options[0].name": "Only a name",
        "options[1].name": "Typed",
        "options[1].lines[0].name": "Something",
        "options[1].lines[0].quantity": "1",
      });
      expect(lineless.status).toBe(400);
      const lineErrors = (lineless.value as ActionBody).estimateResult?.error ?? {};
      expect(lineErrors["options[0].lines"]).toEqual(["Add at least one line"]);
      expect(lineErrors["options[1].lines[0].unitPrice"]).toEqual(["Enter a price"]);

      // a discount typed while 'Discount' says 'No discount' is refused, not dropped
      for (const typed of [{ discountAmount: "50.00" }, { discountPercent: "10" }]) {
        const undecided = await postQuote({ ...(await twoOptionForm("save-estimate")), ...typed });
        expect(undecided.status).toBe(400);
        expect((undecided.value as ActionBody).estimateResult?.error?.discountKind).toEqual([
          "You typed a discount: choose 'An amount' or 'A percentage' here, or clear the discount",
        ]);
      }

      const nothing = await postQuote({ intent: "save-estimate" });
      expect(nothing.status).toBe(400);
      expect((nothing.value as ActionBody).estimateResult?.error?.options).toEqual([
        "Add at least one option",
      ]);
      expect(await db.select().from(schema.estimates)).toHaveLength(0);
    });

    it("refuses a retired price book item with a message beside its line", async () => {
      const form = await twoOptionForm("save-estimate");
      await run(priceBookRoute.action, {
        request: requestTo("/admin/price-book", {
          intent: "retire",
          id: form["options[0].lines[0].priceBookItemId"] as string,
        }),
        context: contextFor(admin),
      });
      const refused = await postQuote(form);
      expect(refused.status).toBe(400);
      expect(
        (refused.value as ActionBody).estimateResult?.error?.[
          "options[0].lines[0].priceBookItemId"
        ],
      ).toEqual(["This item is no longer in the price book: choose another or type the line"]);
      expect(await db.select().from(schema.estimates)).toHaveLength(0);
    });

    it("sends: freezes version 1, mails the requester, and the next edit becomes version 2", async () => {
      const sent = await postQuote(await twoOptionForm("send-estimate"));
      expect(sent.status).toBe(302);
      const toast = await toastIn(sent.setCookie);
      expect(toast?.title).toBe("Estimate v1 sent");
      expect(toast?.description).toContain(validAnswers.radon.email);
      const mail = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.kind, "estimate_sent"));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.to_address).toBe(validAnswers.radon.email);

      const page = await quotePage();
      expect(page.estimate.status).toBe("sent");
      expect(page.estimate.draft).toBeNull();
      expect(page.estimate.draftVersion).toBe(2);
      const [version] = page.estimate.record?.versions ?? [];
      expect(version).toMatchObject({ version: 1, firstViewedAt: null, intact: true });
      expect(version?.sentAt).toMatch(/ (MST|MDT)$/);
      expect(version?.contentSha256).toMatch(/^[0-9a-f]{64}$/);
      // the builder offers the sent version to start version 2 from
      expect(page.estimate.values.options.map((o) => o.name)).toEqual([
        "Passive system",
        "Active sub-slab system",
      ]);

      const again = await postQuote(await twoOptionForm("save-estimate"));
      expect(again.status).toBe(302);
      expect((await quotePage()).estimate.draft?.version).toBe(2);
    });

    it("warns before sending lines from sample price book items; 'Send anyway' sends; the homeowner never sees the sample note", async () => {
      const { sendAnyway: _, ...form } = await twoOptionForm("send-estimate");
      const warned = await postQuote(form);
      expect(warned.status).toBe(409);
      const errors = (warned.value as ActionBody).estimateResult?.error ?? {};
      expect(errors[""]?.[0]).toBe(
        "Nothing was saved or sent: some lines still use sample prices from the price book.",
      );
      expect(errors.sendAnyway?.[0]).toMatch(
        /^Option 1, line 1: Passive radon vent system; Option 2, line 1: Active sub-slab depressurization system\. .*tick 'Send anyway'/,
      );
      // nothing written (a save would refresh the page and take the warning away), nothing mailed
      expect((await quotePage()).estimate.status).toBeNull();
      expect(
        await db
          .select()
          .from(schema.mail_outbox)
          .where(eq(schema.mail_outbox.kind, "estimate_sent")),
      ).toHaveLength(0);

      const sent = await postQuote({ ...form, sendAnyway: "on" });
      expect(sent.status).toBe(302);
      expect((await toastIn(sent.setCookie))?.title).toBe("Estimate v1 sent");
      const [mail] = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.kind, "estimate_sent"));
      const token = /\/estimates\/([\w-]+)/.exec(mail?.text_body ?? "")?.[1] as string;
      const shown = await homeownerEstimate(linkParty(token));
      if (shown?.state !== "open") throw new Error("estimate not open");
      // the items' own descriptions are copied, without the note
      expect(shown.view.options[0]?.lines[0]?.description).toMatch(/^\S/);
      expect(shown.view.options[0]?.lines[0]?.description).not.toBe("");
      const pdf = await throughRoot(
        new Request(new URL(`/estimates/${token}/pdf`, ORIGIN)),
        pdfRoute.loader,
        { params: { token } },
      );
      const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
      const { text } = await extractText(document, { mergePages: true });
      expect(text).toContain("Passive radon vent system");
      for (const shownToHomeowner of [
        JSON.stringify(shown.view),
        mail?.text_body ?? "",
        mail?.html_body ?? "",
        text,
      ]) {
        expect(shownToHomeowner).not.toContain("Sample price");
      }

      // the builder warns beside Send while its lines come from sample items
      expect((await quotePage()).estimate.samplePrices).toMatch(
        /^Option 1, line 1: Passive radon vent system; .*tick 'Send anyway'/,
      );
      // once staff take the note off the items, Send needs no confirmation
      for (const name of ["Passive radon vent system", "Active sub-slab depressurization"]) {
        await db
          .update(schema.price_book_items)
          .set({ description: "Our price." })
          .where(eq(schema.price_book_items.id, await itemId(name)));
      }
      expect((await quotePage()).estimate.samplePrices).toBeNull();
      const next = await postQuote(form);
      expect(next.status).toBe(302);
      expect((await toastIn(next.setCookie))?.title).toBe("Estimate v2 sent");
    });

    it("keeps the draft and says why when the request can no longer get an estimate", async () => {
      await db
        .update(schema.quotes)
        .set({ current_status: "completed" })
        .where(eq(schema.quotes.id, quoteId));
      expect((await quotePage()).estimate.sendable).toBe(false);
      const refused = await postQuote(await twoOptionForm("send-estimate"));
      expect(refused.status).toBe(409);
      expect((refused.value as ActionBody).estimateResult?.error?.[""]?.[0]).toMatch(
        /^The draft was saved but not sent: This request is Completed/,
      );
      expect((await quotePage()).estimate.status).toBe("draft");
      expect(
        await db
          .select()
          .from(schema.mail_outbox)
          .where(eq(schema.mail_outbox.kind, "estimate_sent")),
      ).toHaveLength(0);
    });
  });

  it("answers 404 for an unknown or malformed quote id", async () => {
    for (const badId of ["not-a-uuid", "-".repeat(36), "00000000-0000-4000-8000-000000000000"]) {
      const args = {
        context: contextFor(admin),
        params: { id: badId },
      };
      const page = await run(quoteRoute.loader, {
        ...args,
        request: requestTo(`/admin/quotes/${badId}`),
      });
      expect(page.status, badId).toBe(404);
      const form = await twoOptionForm("send-estimate");
      const posted = await run(quoteRoute.action, {
        ...args,
        request: requestTo(`/admin/quotes/${badId}`, form),
      });
      expect(posted.status, badId).toBe(404);
      const image = await run(signatureRoute.loader, {
        ...args,
        request: requestTo(`/admin/quotes/${badId}/signature.png`),
      });
      expect(image.status, badId).toBe(404);
    }
    expect(await db.select().from(schema.estimates)).toHaveLength(0);
  });

  describe("the estimate's record", () => {
    it("shows the acceptance's audit record, and serves the signature to admins only", async () => {
      // the link's token is only in the mail: resend through the domain to get one
      await postQuote(await twoOptionForm("save-estimate"));
      const sent = await sendEstimate(partyOf(admin), quoteId);
      if (!sent.ok) throw new Error(sent.message);
      const token = sent.url.split("/").pop() as string;
      const shown = await homeownerEstimate(linkParty(token));
      if (shown?.state !== "open") throw new Error("not open");
      const png = await sharp({
        create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="200" height="80"><path d="M5 60 C 40 5, 90 5, 190 50" stroke="black" fill="none" stroke-width="3"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      const accepted = await acceptEstimate(
        linkParty(token),
        undefined,
        {
          versionId: shown.versionId,
          contentSha256: shown.view.contentSha256 as string,
          option: 2,
          consent: true,
          signerName: "Ann Lee",
          signature: `data:image/png;base64,${png.toString("base64")}`,
        },
        { ip: "198.51.100.77", userAgent: "Mozilla/5.0 (audit test)" },
      );
      expect(accepted.ok).toBe(true);

      const page = await quotePage();
      expect(page.estimate.status).toBe("accepted");
      expect(page.estimate.editable).toBe(false);
      const acceptance = page.estimate.record?.acceptance;
      expect(acceptance).toMatchObject({
        version: 1,
        optionName: "Active sub-slab system",
        total: "$2,104.72",
        signerName: "Ann Lee",
        hasSignature: true,
        clientIp: "198.51.100.77",
        userAgent: "Mozilla/5.0 (audit test)",
        contentSha256: shown.view.contentSha256,
      });
      expect(acceptance?.acceptedAt).toMatch(/ (MST|MDT)$/);
      expect(acceptance?.consentText).toContain("paper copy");
      expect(page.estimate.record?.versions[0]?.firstViewedAt).toMatch(/ (MST|MDT)$/);
      // the page's data never carries the image itself
      expect(JSON.stringify(page)).not.toContain("data:image/png");

      const image = await run(signatureRoute.loader, {
        request: requestTo(`/admin/quotes/${quoteId}/signature.png`),
        context: contextFor(admin),
        params: { id: quoteId },
      });
      expect(image.status).toBe(200);
      const response = image.value as Response;
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

      const customer = await makeUser("someone@example.com");
      for (const user of [customer, null]) {
        const refused = await run(signatureRoute.loader, {
          request: requestTo(`/admin/quotes/${quoteId}/signature.png`),
          context: contextFor(user),
          params: { id: quoteId },
        });
        expect(refused.status).toBe(302);
      }

      // an accepted estimate can no longer change through the builder
      const locked = await postQuote(await twoOptionForm("save-estimate"));
      expect(locked.status).toBe(409);
    });

    it("shows a decline with its reason", async () => {
      await postQuote(await twoOptionForm("save-estimate"));
      const sent = await sendEstimate(partyOf(admin), quoteId);
      if (!sent.ok) throw new Error(sent.message);
      const token = sent.url.split("/").pop() as string;
      const shown = await homeownerEstimate(linkParty(token));
      if (shown?.state !== "open") throw new Error("not open");
      const declined = await declineEstimate(
        linkParty(token),
        undefined,
        {
          versionId: shown.versionId,
          contentSha256: shown.view.contentSha256 as string,
          reason: "Too expensive",
        },
        { ip: "198.51.100.78", userAgent: "Decliner" },
      );
      expect(declined.ok).toBe(true);
      const page = await quotePage();
      expect(page.estimate.status).toBe("declined");
      expect(page.estimate.record?.declines).toEqual([
        expect.objectContaining({ version: 1, reason: "Too expensive", clientIp: "198.51.100.78" }),
      ]);
      expect(page.estimate.record?.acceptance).toBeNull();
    });
  });

  describe("price book page", () => {
    const postPriceBook = (form: Record<string, string>, path = "/admin/price-book") =>
      run(priceBookRoute.action, {
        request: requestTo(path, form),
        context: contextFor(admin),
      });
    const page = async (search = "") =>
      (
        await run(priceBookRoute.loader, {
          request: requestTo(`/admin/price-book${search}`),
          context: contextFor(admin),
        })
      ).value as PriceBookData;
    const itemsOf = async (service: string) =>
      (await page()).services.find((s) => s.id === service)?.items ?? [];

    it("lists the seeded items by service with dollars and units", async () => {
      const { services } = await page();
      expect(services.map((s) => s.id)).toEqual(["water_filtration", "mold", "radon"]);
      const passive = services
        .find((s) => s.id === "radon")
        ?.items.find((i) => i.name === "Passive radon vent system");
      expect(passive).toMatchObject({
        unit: "Each",
        unitPrice: "$950.00",
        taxable: false,
        retired: false,
      });
      expect(passive?.description).toMatch(/^Sample price/);
    });

    it("adds, edits, retires and restores items; bad input gets messages and writes nothing", async () => {
      const count = (await listPriceBook({ includeRetired: true })).length;
      const refused = await postPriceBook({
        intent: "add",
        service: "",
        name: " ",
        unit: "yard",
        unitPrice: "12.345",
      });
      expect(refused.status).toBe(400);
      const body = refused.value as { form: string; result: { error: Record<string, string[]> } };
      expect(body.form).toBe("add");
      expect(body.result.error).toMatchObject({
        service: ["Choose a service"],
        name: ["Enter a name"],
        unit: ["Choose a unit"],
        unitPrice: ["Enter an amount in dollars and cents, e.g. 1250.00"],
      });
      expect(await listPriceBook({ includeRetired: true })).toHaveLength(count);

      const added = await postPriceBook({
        intent: "add",
        service: "mold",
        name: "HEPA air scrubber rental",
        description: "Per day",
        unit: "each",
        unitPrice: "1,234.50",
        taxable: "on",
      });
      expect(added.status).toBe(302);
      expect((await toastIn(added.setCookie))?.description).toBe(
        "HEPA air scrubber rental was added.",
      );
      const item = (await itemsOf("mold")).find((i) => i.name === "HEPA air scrubber rental");
      expect(item).toMatchObject({ unitPrice: "$1,234.50", taxable: true, unit: "Each" });
      const id = item?.id as string;

      const editing = await page(`?edit=${id}`);
      expect(editing.editing?.values).toEqual({
        service: "mold",
        name: "HEPA air scrubber rental",
        description: "Per day",
        unit: "each",
        unitPrice: "1234.50",
        taxable: true,
      });
      const badEdit = await postPriceBook(
        { intent: "edit", id, service: "mold", name: "HEPA", unit: "hour", unitPrice: "" },
        `/admin/price-book?edit=${id}`,
      );
      expect(badEdit.status).toBe(400);
      expect((badEdit.value as typeof body).result.error.unitPrice).toEqual(["Enter a price"]);
      const edited = await postPriceBook({
        intent: "edit",
        id,
        service: "mold",
        name: "HEPA air scrubber",
        unit: "hour",
        unitPrice: "40",
      });
      expect(edited.status).toBe(302);
      expect((await itemsOf("mold")).find((i) => i.id === id)).toMatchObject({
        name: "HEPA air scrubber",
        unit: "Hour",
        unitPrice: "$40.00",
        taxable: false,
        description: "",
      });

      expect((await postPriceBook({ intent: "retire", id })).status).toBe(302);
      expect((await itemsOf("mold")).find((i) => i.id === id)?.retired).toBe(true);
      // no longer offered to a new estimate
      expect((await listPriceBook({ service: "mold" })).some((i) => i.id === id)).toBe(false);
      expect((await postPriceBook({ intent: "restore", id })).status).toBe(302);
      expect((await itemsOf("mold")).find((i) => i.id === id)?.retired).toBe(false);

      // unknown items and intents are not found
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await postPriceBook({ intent: "retire", id: unknown })).status).toBe(404);
      expect(
        (
          await postPriceBook({
            intent: "edit",
            id: unknown,
            service: "mold",
            name: "X",
            unit: "each",
            unitPrice: "1",
          })
        ).status,
      ).toBe(404);
      expect((await postPriceBook({ intent: "delete", id })).status).toBe(404);
    });

    it("refuses customers and guests", async () => {
      const customer = await makeUser("c@example.com");
      const count = (await listPriceBook({ includeRetired: true })).length;
      for (const user of [customer, null]) {
        const refused = await run(priceBookRoute.action, {
          request: requestTo("/admin/price-book", {
            intent: "add",
            service: "mold",
            name: "Sneaky",
            unit: "each",
            unitPrice: "1",
          }),
          context: contextFor(user),
        });
        expect(refused.status).toBe(302);
      }
      expect(await listPriceBook({ includeRetired: true })).toHaveLength(count);
      const refusedSave = await postQuote(await twoOptionForm("send-estimate"), customer);
      expect(refusedSave.status).toBe(302);
      expect(await db.select().from(schema.estimates)).toHaveLength(0);
    });
  });

  describe("quotes list", () => {
    it("shows each quote's estimate, filters by it and exports it", async () => {
      const other = await submitQuoteRequest("mold", formData(validAnswers.mold), {
        clientIp: "192.0.2.2",
        owner: { userId: null },
      });
      if (other.ok !== true) throw new Error("quote fixture failed");
      await postQuote(await twoOptionForm("send-estimate"));

      const list = async (search: string) =>
        (
          (
            await run(quotesRoute.loader, {
              request: requestTo(`/admin/quotes${search}`),
              context: contextFor(admin),
            })
          ).value as Awaited<ReturnType<typeof quotesRoute.loader>>
        ).quotes.map((q) => [q.id, q.estimate]);
      expect(await list("")).toEqual([
        [other.quoteId, null],
        [quoteId, "sent"],
      ]);
      // the estimate has its own column beside the quote's status
      const { html } = await renderRoute(
        {
          ...quotesRoute,
          loader: (args: never) =>
            quotesRoute.loader({ ...(args as object), context: contextFor(admin) } as never),
        } as never,
        "/admin/quotes",
        "/admin/quotes",
      );
      const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
      const text = (cell: string) => cell.replace(/<[^>]*>/g, "").trim();
      expect([...table.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => text(m[1] ?? ""))).toEqual([
        "Date",
        "Customer",
        "Property",
        "Description",
        "Status",
        "Estimate",
        "Next visit",
        "Service",
        "Triage",
        "Waiting",
      ]);
      const rows = table
        .split("<tbody")[1]
        ?.split("<tr")
        .slice(1)
        .map((row) => row.split("<td").slice(1).map(text));
      expect(rows?.map((cells) => cells.slice(4, 6).map((c) => c.replace(/^[^>]*>/, "")))).toEqual([
        ["Pending", "None"],
        ["Pending", "Sent"],
      ]);
      expect(await list("?estimate=sent")).toEqual([[quoteId, "sent"]]);
      expect(await list("?estimate=none")).toEqual([[other.quoteId, null]]);
      expect(await list("?estimate=accepted")).toEqual([]);
      // an unknown value is no filter
      expect(await list("?estimate=bogus")).toHaveLength(2);

      const csv = async (search: string) => {
        const outcome = await run(exportRoute.loader, {
          request: requestTo(`/admin/quotes/export.csv${search}`),
          context: contextFor(admin),
        });
        return (await (outcome.value as Response).text()).trim().split("\r\n");
      };
      const all = await csv("");
      expect(all[0]?.split(",")[4]).toBe("Estimate");
      expect(all.slice(1).map((line) => [line.slice(0, 8), line.split(",")[4]])).toEqual([
        [other.quoteId.slice(0, 8), "None"],
        [quoteId.slice(0, 8), "Sent"],
      ]);
      const filtered = await csv("?estimate=none");
      expect(filtered).toHaveLength(2);
      expect(filtered[1]?.slice(0, 8)).toBe(other.quoteId.slice(0, 8));
    });
  });
});
