/**
 * A photo or PDF with a homeowner's 'Message the company' (features/messages/thread.server.ts),
 * through the request files' pipeline (features/quotes/files.server.ts): its type read from its
 * content (a text file named .jpg is refused with nothing stored), a photo's EXIF and GPS gone,
 * served privately, and only to the thread's owner (the status link's holder, the signed-in
 * customer) and staff; the upload sweep keeps it. One database per driver.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer_messages } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { collectYourData } from "~/features/accounts/your-data.server";
import { threadEntries } from "~/features/messages/admin.server";
import { messageFileNotAccepted, sweepQuoteUploads } from "~/features/quotes/files.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountFileRoute from "~/routes/account/message-file";
import * as accountMessagesRoute from "~/routes/account/quote-messages";
import * as adminFileRoute from "~/routes/admin/message-file";
import * as statusRoute from "~/routes/quotes/status";
import * as statusFileRoute from "~/routes/quotes/status-message-file";
import { contextFor, makeUser, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { jpegWithGps, pdfSaying } from "../setup/fixture-files";
import { renderRoute } from "../setup/render";
import { throughRoot } from "../setup/through-root";
import { quoteWithLink } from "../setup/visits";

/** A JPEG as a phone writes it: EXIF with the camera and GPS position. */
const pdf = () => pdfSaying("Water test 2026");

const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

function multipart(path: string, message: string, attached: File): Request {
  const body = new FormData();
  body.append("intent", "message");
  body.append("message", message);
  body.append("file", attached);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN }, body });
}

describe.each(drivers)("files with homeowners' messages on %s", (driver) => {
  let admin: SessionUser;
  let owner: SessionUser;
  let other: SessionUser;
  let guest: { quoteId: string; token: string };
  let foreign: { quoteId: string; token: string };
  let ownQuote: { quoteId: string; token: string };

  beforeAll(async () => {
    await freshDatabase(driver);
    admin = await makeUser("office.files@remediation.test", { admin: true, totp: true });
    owner = await makeUser("files.owner@example.com");
    other = await makeUser("files.other@example.com");
    guest = await quoteWithLink("water_filtration");
    foreign = await quoteWithLink("radon");
    ownQuote = await quoteWithLink("radon", owner.id);
  }, 180_000);
  afterAll(() => {});

  /** A guest's post from the status link, through the root middleware (body limits included). */
  const fromStatusLink = (message: string, attached: File, token = guest.token) =>
    throughRoot(multipart(`/quotes/status/${token}`, message, attached), statusRoute.action, {
      params: { token },
      ip: "192.0.2.120",
    });

  const uploadOf = async (body: string) => {
    const [row] = await db
      .select()
      .from(customer_messages)
      .where(eq(customer_messages.body, body))
      .limit(1);
    return row?.upload_id ?? null;
  };

  type Reader = SessionUser | null;
  const get = async (
    route: "status" | "account" | "admin",
    reader: Reader,
    fileId: string,
    token = guest.token,
  ) => {
    const [fn, path, params] =
      route === "status"
        ? [
            statusFileRoute.loader,
            `/quotes/status/${token}/message-files/${fileId}`,
            { token, fileId },
          ]
        : route === "account"
          ? [accountFileRoute.loader, `/account/message-files/${fileId}`, { fileId }]
          : [adminFileRoute.loader, `/admin/messages/files/${fileId}`, { fileId }];
    const outcome = await run(fn, {
      request: new Request(`${ORIGIN}${path}`),
      context: contextFor(reader),
      params,
    });
    return outcome;
  };

  it("a photo sent from the status link is kept without its EXIF and GPS, linked in the page and the staff's thread, and survives the upload sweep", async () => {
    const response = await fromStatusLink(
      "Here is the stain under the sink.",
      file(await jpegWithGps(), "IMG_0001.JPG", "image/jpeg"),
    );
    expect(response.status).toBe(200);
    const uploadId = await uploadOf("Here is the stain under the sink.");
    expect(uploadId).not.toBeNull();

    const served = await get("status", null, uploadId!);
    expect(served.status).toBe(200);
    const answer = served.value as Response;
    expect(answer.headers.get("Content-Type")).toBe("image/jpeg");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();

    const page = (await statusRoute.loader({
      request: new Request(`${ORIGIN}/quotes/status/${guest.token}`),
      params: { token: guest.token },
      context: contextFor(null),
    } as never)) as Awaited<ReturnType<typeof statusRoute.loader>>;
    expect(page.messages.find((m) => m.kind === "customer")).toMatchObject({
      file: {
        name: "IMG_0001.JPG",
        href: `/quotes/status/${guest.token}/message-files/${uploadId}`,
      },
    });
    const [message] = await db
      .select()
      .from(customer_messages)
      .where(eq(customer_messages.upload_id, uploadId!));
    const [thread] = await db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.id, guest.quoteId));
    const entries = await threadEntries({
      id: message!.conversation_id,
      email: thread!.contact_email.toLowerCase(),
      phone_number: null,
    });
    expect(entries.find((e) => e.kind === "customer")).toMatchObject({
      file: { name: "IMG_0001.JPG", href: `/admin/messages/files/${uploadId}` },
    });

    await sweepQuoteUploads(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect((await get("admin", admin, uploadId!)).status).toBe(200);
  });

  it("a file that is not a photo or PDF by its content is refused, naming it, and nothing is stored", async () => {
    const uploadsBefore = (await db.select().from(schema.quote_uploads)).length;
    const response = await fromStatusLink(
      "See the attached picture",
      file(Buffer.from("just some text, not a photo"), "stain.jpg", "image/jpeg"),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      status: 400,
      errors: [],
      fileErrors: [messageFileNotAccepted("stain.jpg")],
      typed: "See the attached picture",
    });
    // the page as a browser without JavaScript gets it: the words kept, the refusal announced
    const page = await renderRoute(
      statusRoute as never,
      "/quotes/status/:token",
      `/quotes/status/${guest.token}`,
      undefined,
      {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: (() => {
          const form = new FormData();
          form.set("intent", "message");
          form.set("message", "Gate code 4321, after 3 pm");
          form.set("file", file(Buffer.from("plain text"), "notes.txt", "text/plain"));
          return form;
        })(),
      },
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain(">Gate code 4321, after 3 pm</textarea>");
    expect(page.html).toMatch(/role="alert"[^>]*>Your message was not sent: /);
    // a PNG signature over garbage is no photo either
    const forged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 1),
    ]);
    expect(
      (await fromStatusLink("See the attached picture", file(forged, "a.png", "image/png"))).status,
    ).toBe(400);
    expect(await uploadOf("See the attached picture")).toBeNull();
    expect(
      await db
        .select()
        .from(customer_messages)
        .where(eq(customer_messages.body, "See the attached picture")),
    ).toEqual([]);
    expect((await db.select().from(schema.quote_uploads)).length).toBe(uploadsBefore);
  });

  it("role x route: only the thread's owner and staff open a message's file", async () => {
    // the guest's photo, and a PDF the signed-in owner sends from the account's quote page
    await fromStatusLink(
      "Photo for the matrix",
      file(await jpegWithGps(), "matrix.jpg", "image/jpeg"),
    );
    const guestFile = (await uploadOf("Photo for the matrix"))!;
    const sent = await run(accountMessagesRoute.action, {
      request: multipart(
        `/account/quotes/${ownQuote.quoteId}/messages`,
        "Our lab report",
        file(await pdf(), "report.pdf", "application/pdf"),
      ),
      context: contextFor(owner),
      params: { id: ownQuote.quoteId },
    });
    expect(sent.status).toBe(200);
    const ownerFile = (await uploadOf("Our lab report"))!;
    const exported = await collectYourData(owner.id);
    expect(exported.find((p) => p.section.file === "messages.json")?.content.data).toContainEqual(
      expect.objectContaining({ message: "Our lab report", attachedFile: "report.pdf" }),
    );
    const pdfAnswer = (await get("account", owner, ownerFile)).value as Response;
    expect(pdfAnswer.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfAnswer.headers.get("Content-Disposition")).toMatch(/^attachment/);

    const cases: [
      string,
      "status" | "account" | "admin",
      Reader,
      string,
      string | undefined,
      number | number[],
    ][] = [
      // the guest's file
      ["its status link", "status", null, guestFile, guest.token, 200],
      ["another request's status link", "status", null, guestFile, foreign.token, 404],
      ["a customer's account", "account", other, guestFile, undefined, 404],
      ["staff", "admin", admin, guestFile, undefined, 200],
      ["a customer at the staff's address", "admin", other, guestFile, undefined, [302, 403, 404]],
      ["signed out at the staff's address", "admin", null, guestFile, undefined, [302, 403, 404]],
      // the owner's file
      ["its owner", "account", owner, ownerFile, undefined, 200],
      ["another customer", "account", other, ownerFile, undefined, 404],
      ["signed out", "account", null, ownerFile, undefined, 302],
      ["its own request's status link", "status", null, ownerFile, ownQuote.token, 200],
      ["the guest's status link", "status", null, ownerFile, guest.token, 404],
      ["staff", "admin", admin, ownerFile, undefined, 200],
      // an id that is no message's file
      ["staff, unknown id", "admin", admin, "00000000-0000-4000-8000-000000000000", undefined, 404],
    ];
    for (const [who, route, reader, fileId, token, expected] of cases) {
      const outcome = await get(route, reader, fileId, token);
      if (Array.isArray(expected)) expect(expected, who).toContain(outcome.status);
      else expect(outcome.status, `${who} (${route})`).toBe(expected);
    }
  });
});
