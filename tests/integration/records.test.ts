/**
 * Test results and the property record (issue 21 points 4 and 5), through our routes: staff record
 * radon, water and mold results with a lab report on the admin quote page (validation messages,
 * nothing written on a refusal, admins only); the owner's /account/properties/{id}; share links
 * (7/30/90 days, revocable) and the shared /records/{token} with its headers; and who may open
 * each record URL (role x route): another customer, a guest, a wrong, expired or revoked link.
 * Results outlive the person: closing the account or removing the property keeps them on the
 * admin page and staff record more; a guest's request gets its street address from staff, and its
 * results join the property record once the guest's account claims it and adds the property.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { claimGuestQuotes } from "~/features/accounts/claims.server";
import { QUOTE_FILE_MESSAGES } from "~/features/quotes/files";
import type { PropertyResults } from "~/features/records/results.server";
import { RESULT_MESSAGES } from "~/features/records/schemas";
import { createShareLink } from "~/features/records/share-links.server";
import { SHARE_MESSAGES } from "~/features/records/share-schema";
import { db } from "~/lib/db.server";
import { isTokenPath } from "~/lib/token-paths";
import * as closeRoute from "~/routes/account/close";
import * as propertiesRoute from "~/routes/account/properties";
import * as recordRoute from "~/routes/account/property-record";
import * as removeRoute from "~/routes/account/property-remove";
import * as accountFileRoute from "~/routes/account/quote-file";
import * as adminQuoteRoute from "~/routes/admin/quote";
import * as sharedRoute from "~/routes/records/record";
import * as sharedFileRoute from "~/routes/records/record-file";
import { PASSWORD, signedInAccount } from "../setup/accounts";
import { post } from "../setup/actions";
import { contextFor, makeUser, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { contact, formData } from "../setup/forms";
import { renderRoute } from "../setup/render";
import { FIXTURE_ADDRESS, quoteWithLink } from "../setup/visits";

const SLOW = 180_000;

async function pdf(text = "Radon 8.2 pCi/L"): Promise<File> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText(text, { x: 20, y: 150 });
  return new File([new Uint8Array(await doc.save())], "radon-report.pdf", {
    type: "application/pdf",
  });
}

/** A customer's property and a quote they requested for it (as the quote form writes them). */
async function propertyWithQuote(userId: string, address = "12 Canyon Rd") {
  const [property] = await db
    .insert(schema.properties)
    .values({ user_id: userId, address, city: "Sandy", state: "UT", zip_code: "84070" })
    .returning();
  const [quote] = await db
    .insert(schema.quotes)
    .values({
      service: "radon",
      user_id: userId,
      is_guest: false,
      property_id: property!.id,
      property_address: address,
      property_city: "Sandy",
      property_state: "UT",
      property_zip_code: "84070",
      description: "Basement radon",
      contact_first_name: "Rita",
      contact_last_name: "Owner",
      contact_email: "rita.owner@example.com",
      contact_phone: "801-555-0142",
      zip_code: "84070",
    })
    .returning();
  return { propertyId: property!.id, quoteId: quote!.id };
}

/** A result form posted to the admin quote page's action (multipart, as the browser sends it). */
function resultPost(quoteId: string, fields: Record<string, string>, report?: File) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (report) body.append("report", report);
  return new Request(`${ORIGIN}/admin/quotes/${quoteId}`, {
    method: "POST",
    headers: { Origin: ORIGIN },
    body,
  });
}

const RADON_BEFORE = {
  intent: "record-radon",
  testKind: "short_term",
  startedOn: "2026-10-01",
  endedOn: "2026-10-04",
  level: "8.2",
  phase: "before",
  lab: "Corentium Home 2",
};
const RADON_AFTER = {
  ...RADON_BEFORE,
  startedOn: "2026-11-02",
  endedOn: "2026-11-05",
  level: "1.4",
  phase: "after",
};

const errorsOf = (value: unknown) =>
  (value as { recordResult: { result: { error: Record<string, string[]> } } }).recordResult.result
    .error;

describe.each(drivers)("test results and the property record on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  }, SLOW);
  afterEach(async () => {
    await database.dispose();
  });

  const record = async (user: Parameters<typeof contextFor>[0], propertyId: string) =>
    run(recordRoute.loader, {
      request: new Request(`${ORIGIN}/account/properties/${propertyId}`),
      context: contextFor(user),
      params: { id: propertyId },
    });

  it(
    "staff record radon before and after mitigation with the report, water and mold; the owner's record reads them against the EPA's levels",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const owner = await makeUser("owner@example.com");
      const { propertyId, quoteId } = await propertyWithQuote(owner.id);
      const post = (fields: Record<string, string>, report?: File) =>
        run(adminQuoteRoute.action, {
          request: resultPost(quoteId, fields, report),
          context: contextFor(admin),
          params: { id: quoteId },
        });

      const before = await post(RADON_BEFORE, await pdf());
      expect(before.status).toBe(302);
      expect(before.location).toBe(`/admin/quotes/${quoteId}#results`);
      expect((await post(RADON_AFTER)).status).toBe(302);
      const water = await post({
        intent: "record-water",
        lab: "Chemtech-Ford",
        sampledOn: "2026-10-20",
        "analytes.arsenic.value": "12",
        "analytes.arsenic.unit": "ug/L",
        "analytes.nitrate.value": "8",
        "analytes.nitrate.unit": "mg/L",
        "analytes.lead.value": "0.012",
        "analytes.lead.unit": "mg/L",
        // a unit chosen by default on a blank row is no reading
        "analytes.uranium.unit": "ug/L",
        "analytes.total_coliform.present": "absent",
      });
      expect(water.status).toBe(302);
      const mold = await post({
        intent: "record-mold",
        lab: "EMLab P&K",
        sampledOn: "2026-10-21",
        "samples[0].location": "Basement",
        "samples[0].indoor": "2400",
        "samples[0].outdoor": "800",
        "samples[1].location": "Outdoors (control)",
        "samples[1].indoor": "0",
        "samples[1].outdoor": "790",
      });
      expect(mold.status).toBe(302);

      // the report is one of the quote's files too, and stored exactly
      const [stored] = await db
        .select()
        .from(schema.test_results)
        .where(eq(schema.test_results.radon_phase, "before"));
      expect(stored!.radon_level).toBe("8.2");
      expect(stored!.recorded_by).toBe(admin.id);
      const [attachment] = await db
        .select()
        .from(schema.quote_attachments)
        .where(eq(schema.quote_attachments.upload_id, stored!.report_upload_id!));
      expect(attachment!.quote_id).toBe(quoteId);

      const page = await record(owner, propertyId);
      expect(page.status).toBe(200);
      const { results } = page.value as { results: PropertyResults };
      expect(results.radon.map((r) => [r.level, r.flag, r.phase])).toEqual([
        ["8.2", "over", "Before mitigation"],
        ["1.4", "under", "After mitigation"],
      ]);
      expect(results.radon[0]!.report).toMatchObject({
        name: "radon-report.pdf",
        href: `/account/quotes/${quoteId}/files/${stored!.report_upload_id}`,
      });
      const analytes = results.water[0]!.analytes;
      expect(analytes.map((a) => [a.label, a.reading, a.flag, a.level])).toEqual([
        ["Arsenic", "12 µg/L", "over", "MCL 10 µg/L (0.010 mg/L)"],
        ["Nitrate (as N)", "8 mg/L", "under", "MCL 10 mg/L"],
        [
          "Lead",
          "0.012 mg/L",
          "consider",
          "action level from November 2027 (Lead and Copper Rule Improvements) 0.010 mg/L",
        ],
        ["Total coliform bacteria", "Absent", "under", "MCL (presence): absent"],
      ]);
      expect(analytes[0]!.source.url).toBe(
        "https://www.epa.gov/ground-water-and-drinking-water/national-primary-drinking-water-regulations",
      );
      expect(results.mold[0]!.samples).toEqual([
        { location: "Basement", indoor: 2400, outdoor: 800 },
        { location: "Outdoors (control)", indoor: 0, outdoor: 790 },
      ]);

      // the owner opens the report through their quote's file route
      const file = await run(accountFileRoute.loader, {
        request: new Request(`${ORIGIN}${results.radon[0]!.report!.href}`),
        context: contextFor(owner),
        params: { id: quoteId, fileId: stored!.report_upload_id! },
      });
      expect((file.value as Response).headers.get("Content-Type")).toBe("application/pdf");

      // the page renders the table (the chart loads in the browser only)
      const html = (
        await renderRoute(
          {
            ...recordRoute,
            loader: (args: never) =>
              recordRoute.loader({ ...(args as object), context: contextFor(owner) } as never),
          } as never,
          "/account/properties/:id",
          `/account/properties/${propertyId}`,
        )
      ).html;
      expect(html).toContain("Radon results");
      expect(html).toContain("8.2 pCi/L");
      expect(html).not.toContain('data-testid="radon-chart"');
    },
    SLOW,
  );

  it(
    "refuses an invalid result with a message beside each field and writes nothing: radon, water, mold, the report, a request without a street address",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const owner = await makeUser("owner@example.com");
      const { quoteId } = await propertyWithQuote(owner.id);
      const post = (id: string, fields: Record<string, string>, report?: File) =>
        run(adminQuoteRoute.action, {
          request: resultPost(id, fields, report),
          context: contextFor(admin),
          params: { id },
        });

      const radon = await post(quoteId, {
        ...RADON_BEFORE,
        level: "-3",
        startedOn: "2026-10-09",
        endedOn: "2026-10-04",
        lab: " ",
        testKind: "",
      });
      expect(radon.status).toBe(400);
      expect(errorsOf(radon.value)).toMatchObject({
        level: [RESULT_MESSAGES.level],
        lab: [RESULT_MESSAGES.device],
        testKind: [RESULT_MESSAGES.testKind],
      });
      const backwards = await post(quoteId, {
        ...RADON_BEFORE,
        startedOn: "2026-10-09",
        endedOn: "2026-10-04",
      });
      expect(errorsOf(backwards.value)).toEqual({ endedOn: [RESULT_MESSAGES.order] });
      const future = await post(quoteId, { ...RADON_BEFORE, endedOn: "2999-01-01" });
      expect(errorsOf(future.value)).toMatchObject({ endedOn: [RESULT_MESSAGES.future] });

      const noAnalytes = await post(quoteId, {
        intent: "record-water",
        lab: "Lab",
        sampledOn: "2026-10-20",
        "analytes.arsenic.unit": "ug/L",
      });
      expect(noAnalytes.status).toBe(400);
      expect(errorsOf(noAnalytes.value)).toMatchObject({ analytes: [RESULT_MESSAGES.noAnalytes] });
      const badValue = await post(quoteId, {
        intent: "record-water",
        lab: "Lab",
        sampledOn: "2026-10-20",
        "analytes.arsenic.value": "1,5",
        "analytes.arsenic.unit": "ug/L",
        "analytes.lead.value": "3",
      });
      expect(errorsOf(badValue.value)).toMatchObject({
        "analytes.arsenic.value": [RESULT_MESSAGES.value],
        "analytes.lead.unit": [RESULT_MESSAGES.unit],
      });

      const halfSample = await post(quoteId, {
        intent: "record-mold",
        lab: "Lab",
        sampledOn: "2026-10-20",
        "samples[0].location": "Attic",
        "samples[0].indoor": "12.5",
      });
      expect(errorsOf(halfSample.value)).toEqual({ "samples[0].indoor": [RESULT_MESSAGES.count] });
      const noOutdoor = await post(quoteId, {
        intent: "record-mold",
        lab: "Lab",
        sampledOn: "2026-10-20",
        "samples[1].location": "Attic",
        "samples[1].indoor": "125",
      });
      expect(errorsOf(noOutdoor.value)).toEqual({
        "samples[1].outdoor": [RESULT_MESSAGES.count],
      });

      // a report by content: a script named .pdf, with its message under the file field
      const script = new File(["#!/bin/sh\necho hi\n"], "report.pdf", { type: "application/pdf" });
      const notPdf = await post(quoteId, RADON_BEFORE, script);
      expect(notPdf.status).toBe(400);
      expect(errorsOf(notPdf.value)).toMatchObject({
        report: [QUOTE_FILE_MESSAGES.notPdf("report.pdf")],
      });

      // a guest's request with only a ZIP code has no street address to keep results at
      const [guestQuote] = await db
        .insert(schema.quotes)
        .values({
          service: "radon",
          description: "x",
          contact_first_name: "G",
          contact_last_name: "Uest",
          contact_email: "guest@example.com",
          contact_phone: "801-555-0100",
          zip_code: "84070",
        })
        .returning();
      const guest = await post(guestQuote!.id, RADON_BEFORE, await pdf());
      expect(guest.status).toBe(400);
      expect(errorsOf(guest.value)).toMatchObject({ "": [RESULT_MESSAGES.noAddress] });

      expect(await db.select().from(schema.test_results)).toHaveLength(0);
      expect(await db.select().from(schema.quote_uploads)).toHaveLength(0);
    },
    SLOW,
  );

  it("only admins record results: a customer (even the owner) and a guest are turned away, nothing written", async () => {
    const owner = await makeUser("owner@example.com");
    const { quoteId } = await propertyWithQuote(owner.id);
    const asOwner = await run(adminQuoteRoute.action, {
      request: resultPost(quoteId, RADON_BEFORE),
      context: contextFor(owner),
      params: { id: quoteId },
    });
    expect(asOwner.status).toBe(302);
    expect(asOwner.location).toBe("/");
    const asGuest = await run(adminQuoteRoute.action, {
      request: resultPost(quoteId, RADON_BEFORE),
      context: contextFor(null),
      params: { id: quoteId },
    });
    expect(asGuest.status).toBe(302);
    expect(asGuest.location).toMatch(/^\/auth\/signin/);
    expect(await db.select().from(schema.test_results)).toHaveLength(0);
  });

  it(
    "share links: 7, 30 or 90 days, listed with expiry, revocable; the shared page shows the address and results only, privately; every record URL answers 404 to anyone else",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const owner = await makeUser("owner@example.com", { fullName: "Rita Owner" });
      const other = await makeUser("other@example.com");
      const { propertyId, quoteId } = await propertyWithQuote(owner.id);
      const { propertyId: otherProperty } = await propertyWithQuote(other.id, "9 Other St");
      const recorded = await run(adminQuoteRoute.action, {
        request: resultPost(quoteId, RADON_BEFORE, await pdf()),
        context: contextFor(admin),
        params: { id: quoteId },
      });
      expect(recorded.status).toBe(302);
      const [result] = await db.select().from(schema.test_results);
      const reportId = result!.report_upload_id!;
      // a photo on the quote: the owner's file, never the share link's
      const photoId = randomUUID();
      await db.insert(schema.quote_uploads).values({
        id: photoId,
        submission_key: randomUUID(),
        kind: "photo",
        original_name: "basement.jpg",
        content_type: "image/jpeg",
        size_bytes: 10,
        storage_key: `requests/${photoId}/photo.jpg`,
      });
      await db
        .insert(schema.quote_attachments)
        .values({ upload_id: photoId, quote_id: quoteId, position: 9 });

      const share = (
        user: Parameters<typeof contextFor>[0],
        id: string,
        fields: Record<string, string>,
      ) =>
        run(recordRoute.action, {
          request: new Request(`${ORIGIN}/account/properties/${id}`, {
            method: "POST",
            headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          }),
          context: contextFor(user),
          params: { id },
        });

      const refused = await share(owner, propertyId, { intent: "share", days: "365" });
      expect(refused.status).toBe(400);
      expect(
        (refused.value as { shareResult: { error: Record<string, string[]> } }).shareResult.error,
      ).toMatchObject({ days: [SHARE_MESSAGES.days] });
      const made = await share(owner, propertyId, { intent: "share", days: "7" });
      expect(made.status).toBe(200);
      const { url } = (made.value as { shared: { url: string } }).shared;
      const token = new URL(url).pathname.split("/")[2]!;
      expect(url).toBe(`http://localhost:3000/records/${token}`);
      expect((await share(owner, propertyId, { intent: "share", days: "90" })).status).toBe(200);
      const listed = await record(owner, propertyId);
      const links = (listed.value as { links: { id: string; expiresAt: string }[] }).links;
      expect(links).toHaveLength(2);
      expect(links.map((l) => l.expiresAt).join()).toMatch(/M[SD]T/);

      // the shared page: address and results, no name, email or phone; private headers
      const open = async (t: string) =>
        run(sharedRoute.loader, {
          request: new Request(`${ORIGIN}/records/${t}`),
          context: contextFor(null),
          params: { token: t },
        });
      const shared = await open(token);
      expect(shared.status).toBe(200);
      const body = JSON.stringify(shared.value);
      expect(body).toContain("12 Canyon Rd");
      expect(body).toContain("8.2");
      for (const personal of ["Rita", "Owner", "owner@example.com", "801-555-0142", "basement.jpg"])
        expect(body).not.toContain(personal);
      expect(sharedRoute.headers()).toEqual({
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
        "Referrer-Policy": "no-referrer",
      });
      // server.ts adds Referrer-Policy: no-referrer to every token path too
      expect(isTokenPath(`/records/${token}`)).toBe(true);
      const rendered = await renderRoute(
        sharedRoute as never,
        "/records/:token",
        `/records/${token}`,
      );
      expect(rendered.status).toBe(200);
      expect(rendered.html).toContain("12 Canyon Rd");
      expect(rendered.html).not.toContain("owner@example.com");
      expect(rendered.html).toContain(`/records/${token}/files/${reportId}`);

      const sharedFile = (t: string, fileId: string) =>
        sharedFileRoute.loader({ params: { token: t, fileId } } as never);
      const report = await sharedFile(token, reportId);
      expect(report.status).toBe(200);
      expect(report.headers.get("Content-Type")).toBe("application/pdf");
      expect(report.headers.get("Cache-Control")).toBe("private, no-store");
      expect(report.headers.get("Referrer-Policy")).toBe("no-referrer");
      // the quote's photo is not a result's report
      expect((await sharedFile(token, photoId)).status).toBe(404);

      // role x route: another customer, a guest, an admin who is not the owner
      expect((await record(other, propertyId)).status).toBe(404);
      expect((await record(admin, propertyId)).status).toBe(404);
      const guest = await record(null, propertyId);
      expect(guest.status).toBe(302);
      expect(guest.location).toMatch(/^\/auth\/signin/);
      expect((await record(owner, otherProperty)).status).toBe(404);
      expect((await record(owner, "not-a-uuid")).status).toBe(404);
      expect((await share(other, propertyId, { intent: "share", days: "30" })).status).toBe(404);
      expect(
        (await share(other, propertyId, { intent: "revoke", linkId: links[0]!.id })).status,
      ).toBe(404);
      expect((await share(null, propertyId, { intent: "share", days: "30" })).status).toBe(302);
      const foreignFile = await run(accountFileRoute.loader, {
        request: new Request(`${ORIGIN}/account/quotes/${quoteId}/files/${reportId}`),
        context: contextFor(other),
        params: { id: quoteId, fileId: reportId },
      });
      expect((foreignFile.value as Response).status).toBe(404);

      // a wrong token, an expired link, a revoked link: 404, page and file alike
      const wrong = "A".repeat(43);
      expect((await open(wrong)).status).toBe(404);
      expect((await sharedFile(wrong, reportId)).status).toBe(404);
      const expired = await createShareLink(
        owner.id,
        propertyId,
        7,
        new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
      );
      const expiredToken = new URL(expired!.url).pathname.split("/")[2]!;
      expect((await open(expiredToken)).status).toBe(404);
      expect((await sharedFile(expiredToken, reportId)).status).toBe(404);
      // newest first: the 90-day link, then the 7-day one opened above
      const sevenDay = links[1]!.id;
      const revoked = await share(owner, propertyId, { intent: "revoke", linkId: sevenDay });
      expect(revoked.status).toBe(302);
      expect(revoked.location).toBe(`/account/properties/${propertyId}`);
      expect((await open(token)).status).toBe(404);
      expect((await sharedFile(token, reportId)).status).toBe(404);
      const after = await record(owner, propertyId);
      expect((after.value as { links: unknown[] }).links).toHaveLength(1);
      const notFound = await renderRoute(
        sharedRoute as never,
        "/records/:token",
        `/records/${token}`,
      );
      expect(notFound.status).toBe(404);
      expect(notFound.html).toContain("Record link not found");
    },
    SLOW,
  );

  /** The admin quote page's results and address, as its loader answers `admin`. */
  const adminPage = async (admin: Parameters<typeof contextFor>[0], quoteId: string) => {
    const page = await run(adminQuoteRoute.loader, {
      request: new Request(`${ORIGIN}/admin/quotes/${quoteId}`),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    expect(page.status).toBe(200);
    return page.value as { property: string | null; results: PropertyResults };
  };
  const recordAs = (
    admin: Parameters<typeof contextFor>[0],
    quoteId: string,
    fields = RADON_AFTER,
  ) =>
    run(adminQuoteRoute.action, {
      request: resultPost(quoteId, fields),
      context: contextFor(admin),
      params: { id: quoteId },
    });

  it(
    "closing the account keeps the results of its requests: the admin page still shows them at the request's address and staff record more",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const owner = await signedInAccount("owner@example.com");
      const { quoteId } = await propertyWithQuote(owner.user.id, "2345 E Evergreen Ave");
      expect((await recordAs(admin, quoteId, RADON_BEFORE)).status).toBe(302);
      const closed = await post(
        closeRoute.action,
        "/account/close",
        { intent: "close", password: PASSWORD, confirmation: "CLOSE" },
        "203.0.113.60",
        owner.user,
        owner.cookie,
      );
      expect(closed.status).toBe(302);
      expect(await db.select().from(schema.properties)).toEqual([]);

      const page = await adminPage(admin, quoteId);
      expect(page.property).toBe("2345 E Evergreen Ave, Sandy, UT 84070");
      expect(page.results.radon.map((r) => r.level)).toEqual(["8.2"]);
      expect((await recordAs(admin, quoteId)).status).toBe(302);
      expect((await adminPage(admin, quoteId)).results.radon.map((r) => r.level)).toEqual([
        "8.2",
        "1.4",
      ]);
    },
    SLOW,
  );

  it(
    "removing the property keeps its results (its share links go): the admin page shows them, staff record more, and the owner's record is gone",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const owner = await makeUser("owner@example.com");
      const { propertyId, quoteId } = await propertyWithQuote(owner.id, "2345 E Evergreen Ave");
      expect((await recordAs(admin, quoteId, RADON_BEFORE)).status).toBe(302);
      await createShareLink(owner.id, propertyId, 7);
      const removed = await run(removeRoute.action, {
        request: new Request(`${ORIGIN}/account/properties/${propertyId}/remove`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: new FormData(),
        }),
        context: contextFor(owner),
        params: { id: propertyId },
      });
      expect(removed.status).toBe(302);
      expect(await db.select().from(schema.record_share_links)).toEqual([]);
      expect((await record(owner, propertyId)).status).toBe(404);

      const page = await adminPage(admin, quoteId);
      expect(page.property).toBe("2345 E Evergreen Ave, Sandy, UT 84070");
      expect(page.results.radon).toHaveLength(1);
      expect((await recordAs(admin, quoteId)).status).toBe(302);
      expect(await db.select().from(schema.test_results)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    "a guest's request gets its street address from staff; its results are recorded and join the property record once the guest's account claims it and adds the property",
    async () => {
      const admin = await makeUser("staff@example.com", { admin: true, totp: true });
      const { quoteId } = await quoteWithLink("radon", null, {}, { zipOnly: true });
      const refused = await recordAs(admin, quoteId, RADON_BEFORE);
      expect(refused.status).toBe(400);
      expect(errorsOf(refused.value)).toMatchObject({ "": [RESULT_MESSAGES.noAddress] });

      const setAddress = (fields: Record<string, string>) =>
        run(adminQuoteRoute.action, {
          request: new Request(`${ORIGIN}/admin/quotes/${quoteId}`, {
            method: "POST",
            headers: { Origin: ORIGIN },
            body: formData({ intent: "service-address", ...fields }),
          }),
          context: contextFor(admin),
          params: { id: quoteId },
        });
      const bad = await setAddress({
        address: "",
        city: "Salt Lake City",
        state: "UT",
        zipCode: "x",
      });
      expect(bad.status).toBe(400);
      expect(
        (bad.value as { addressResult: { error: unknown } }).addressResult.error,
      ).toMatchObject({
        address: ["Address is required"],
        zipCode: expect.arrayContaining(["Please enter a 5-digit ZIP code"]),
      });
      const customer = await makeUser("ann@example.com");
      const notStaff = await run(adminQuoteRoute.action, {
        request: new Request(`${ORIGIN}/admin/quotes/${quoteId}`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: formData({ intent: "service-address", ...FIXTURE_ADDRESS }),
        }),
        context: contextFor(customer),
        params: { id: quoteId },
      });
      expect(notStaff.status).toBe(302);
      const [untouched] = await db
        .select()
        .from(schema.quotes)
        .where(eq(schema.quotes.id, quoteId));
      expect(untouched?.property_address).toBeNull();

      const set = await setAddress({
        address: "2345 E. Evergreen Ave",
        city: "Salt Lake City",
        state: "UT",
        zipCode: "84106",
      });
      expect(set.status).toBe(302);
      expect((await adminPage(admin, quoteId)).property).toBe(
        "2345 E. Evergreen Ave, Salt Lake City, UT 84106",
      );
      expect((await recordAs(admin, quoteId, RADON_BEFORE)).status).toBe(302);

      // the guest makes an account (verified: its guest requests are claimed) and adds the home
      const guest = await signedInAccount(contact.email);
      expect(await claimGuestQuotes(guest.user.id, contact.email)).toBe(1);
      const added = await run(propertiesRoute.action, {
        request: new Request(`${ORIGIN}/account/properties`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: formData({
            intent: "add",
            form: "add-property",
            address: "2345 e evergreen ave",
            city: "Salt Lake City",
            state: "UT",
            zipCode: "84106",
          }),
        }),
        context: contextFor(guest.user),
      });
      expect(added.status).toBe(302);
      const [home] = await db.select().from(schema.properties);
      const shown = await record(guest.user, home!.id);
      expect(shown.status).toBe(200);
      expect(
        (shown.value as { results: PropertyResults }).results.radon.map((r) => r.level),
      ).toEqual(["8.2"]);
      // another account's property at the same address never gets it
      const other = await makeUser("other@example.com");
      const { propertyId: otherHome } = await propertyWithQuote(other.id, "2345 E Evergreen Ave");
      const otherRecord = await record(other, otherHome);
      expect((otherRecord.value as { results: PropertyResults }).results.radon).toHaveLength(0);
    },
    SLOW,
  );
});
