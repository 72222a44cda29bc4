/**
 * "Your data" (issue 21 point 6) through our routes: the profile's ZIP export (unzipped here:
 * its JSON, the customer's files, no other customer's data and no secret), a guest refused; and
 * closing an account: a wrong password refused with its message and nothing changed, then the
 * personal data erased, quotes and the signed estimate kept without a login, every session gone,
 * sign-in refused, the admin's quote page saying 'Closed account'; an account without a password
 * closes with a code emailed to it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { addProperty } from "~/features/accounts/properties.server";
import { EXPORT_SECTIONS } from "~/features/accounts/your-data.server";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import * as closeRoute from "~/routes/account/close";
import * as exportRoute from "~/routes/account/data-export";
import * as adminCustomerRoute from "~/routes/admin/customer";
import * as adminCustomersRoute from "~/routes/admin/customers";
import * as adminQuoteRoute from "~/routes/admin/quote";
import { action as signInAction } from "~/routes/auth/signin";
import * as requestRoute from "~/routes/quotes/request";
import { PASSWORD, type SignedInAccount, sessionCount, signedInAccount } from "../setup/accounts";
import { post } from "../setup/actions";
import { contextFor, makeUser, ORIGIN, requestTo, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { pdfSaying } from "../setup/fixture-files";
import { formData, validAnswers } from "../setup/forms";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;

/** The admin's quote page (the route's component) with the loader data a test put here. */
let shownQuote: unknown;
function AdminQuotePage() {
  return createElement(adminQuoteRoute.default as never, {
    loaderData: shownQuote,
    actionData: undefined,
    params: {},
    matches: [],
  });
}

const photo = (r: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

const signatureDataUrl = async () =>
  `data:image/png;base64,${(
    await sharp({
      create: { width: 200, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer()
  ).toString("base64")}`;

/** A POST with `cookie` through the root middleware (session resolved from it, as in a browser). */
function browserPost(path: string, body: FormData, cookie?: string): Request {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}

describe.each(drivers)("your data on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let admin: SessionUser;
  let ann: SignedInAccount;
  let bob: SignedInAccount;
  let annQuote: string;
  let bobQuote: string;
  let annPhoto: Buffer;
  let annReport: Buffer;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  /** A mold request with a photo and a report, sent through the form by the signed-in `who`. */
  async function requestWithFiles(
    who: SignedInAccount,
    description: string,
    files: { photo: Buffer; report: Buffer },
    propertyId?: string,
  ): Promise<string> {
    const body = formData({
      ...validAnswers.mold,
      details: description,
      email: who.user.email,
      ...(propertyId ? { propertyId } : {}),
    });
    body.append(
      "photos",
      new File([new Uint8Array(files.photo)], "kitchen wall.jpg", { type: "image/jpeg" }),
    );
    body.append(
      "reports",
      new File([new Uint8Array(files.report)], "lab report.pdf", { type: "application/pdf" }),
    );
    const sent = await throughRoot(
      browserPost("/quotes/mold-remediation", body, who.cookie),
      requestRoute.action,
      { params: { service: "mold-remediation" }, ip: freshIp() },
    );
    expect(sent.status).toBe(302);
    const [quote] = await db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.description, description));
    expect(quote?.user_id).toBe(who.user.id);
    return quote?.id as string;
  }

  /** Sends a one-option estimate for `quoteId` and lets `who` accept it with a drawn signature. */
  async function signedEstimate(quoteId: string, who: SignedInAccount) {
    const [item] = await listPriceBook();
    const draft = estimateDraftSchema.parse({
      options: [{ name: "Mold removal", lines: [{ priceBookItemId: item?.id, quantity: "1" }] }],
    });
    expect(await saveEstimateDraft(partyOf(admin), quoteId, draft)).toMatchObject({ ok: true });
    expect(await sendEstimate(partyOf(admin), quoteId)).toMatchObject({ ok: true });
    const [version] = await db.select().from(schema.estimate_versions);
    const accepted = await acceptEstimate(
      partyOf(who.user),
      quoteId,
      {
        versionId: version?.id as string,
        contentSha256: version?.content_sha256 as string,
        option: 1,
        consent: true,
        signerName: "Ann Example",
        signature: await signatureDataUrl(),
      },
      { ip: "192.0.2.9", userAgent: "test browser" },
    );
    expect(accepted.ok).toBe(true);
  }

  const exportFor = (cookie?: string) =>
    throughRoot(browserPost("/account/data-export", new FormData(), cookie), exportRoute.action, {
      ip: freshIp(),
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database?.dispose();
  });

  beforeEach(async () => {
    await database?.dispose();
    database = await freshDatabase(driver);
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
    ann = await signedInAccount("ann@example.com");
    bob = await signedInAccount("bob@example.com");
    await db
      .insert(schema.profiles)
      .values({ id: ann.user.id, full_name: "Ann Example" })
      .onConflictDoUpdate({ target: schema.profiles.id, set: { full_name: "Ann Example" } });
    const home = await addProperty(ann.user.id, {
      address: "12 Juniper Way",
      city: "Provo",
      state: "UT",
      zipCode: "84604",
    });
    annPhoto = await photo(30);
    annReport = await pdfSaying("Ann spore count");
    annQuote = await requestWithFiles(
      ann,
      "Ann's musty basement",
      { photo: annPhoto, report: annReport },
      home.id,
    );
    bobQuote = await requestWithFiles(bob, "BOB-PRIVATE-DESCRIPTION", {
      photo: await photo(200),
      report: await pdfSaying("Bob private report"),
    });
    await signedEstimate(annQuote, ann);
  }, SLOW);

  it(
    "the export is a private ZIP download of the customer's JSON and files, nothing of another customer's and no secret",
    async () => {
      // a radon result on Ann's home and a share link for its record
      const [home] = await db
        .select()
        .from(schema.properties)
        .where(eq(schema.properties.user_id, ann.user.id));
      await db.insert(schema.test_results).values({
        quote_id: annQuote,
        kind: "radon",
        lab: "Wasatch Radon Lab",
        sampled_on: "2026-11-01",
        radon_test_kind: "short_term",
        radon_started_on: "2026-10-30",
        radon_level: "6.2",
        radon_phase: "before",
      });
      await db.insert(schema.record_share_links).values({
        property_id: home?.id as string,
        token_hash: "HASH-NEVER-EXPORTED",
        expires_at: new Date(Date.now() + 86_400_000),
      });
      const answer = await exportFor(ann.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/zip");
      expect(answer.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="?your-data-\d{4}-\d\d-\d\d\.zip"?$/,
      );
      expect(answer.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(answer.headers.get("Cache-Control")).toMatch(/private/);
      const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
      const names = Object.keys(entries).sort();
      for (const section of EXPORT_SECTIONS) expect(names).toContain(section.file);
      expect(names).toContain("README.txt");
      const json = (name: string) => JSON.parse(new TextDecoder().decode(entries[name])) as never;

      const profile = json("profile.json") as Record<string, unknown>;
      expect(profile).toMatchObject({ email: "ann@example.com", fullName: "Ann Example" });
      expect(json("properties.json")).toEqual([
        expect.objectContaining({ address: "12 Juniper Way", city: "Provo" }),
      ]);
      const methods = json("sign-in-methods.json") as { identities: { method: string }[] };
      expect(methods.identities.map((m) => m.method)).toEqual(["password"]);
      const sessions = json("sessions.json") as { id: string }[];
      expect(sessions.map((s) => s.id)).toContain(ann.user.sessionId);

      const quotes = json("quotes.json") as {
        id: string;
        description: string;
        details: Record<string, unknown>;
        statusHistory: { status: string; changedBy: string }[];
        files: { name: string; inThisArchive: string }[];
      }[];
      expect(quotes).toHaveLength(1);
      expect(quotes[0]).toMatchObject({
        id: annQuote,
        description: "Ann's musty basement",
        property_address: "12 Juniper Way",
        details: expect.objectContaining({ mold_type: "black" }),
      });
      expect(quotes[0]?.statusHistory[0]).toMatchObject({ status: "pending", changedBy: "you" });
      const files = quotes[0]?.files ?? [];
      expect(files.map((f) => f.name).sort()).toEqual(["kitchen wall.jpg", "lab report.pdf"]);
      // the files themselves: the report byte for byte, the photo as stored (a JPEG)
      const report = files.find((f) => f.name === "lab report.pdf")?.inThisArchive as string;
      expect(Buffer.from(entries[report] as Uint8Array).equals(annReport)).toBe(true);
      const stored = files.find((f) => f.name === "kitchen wall.jpg")?.inThisArchive as string;
      expect((await sharp(entries[stored] as Uint8Array).metadata()).width).toBe(400);

      const estimates = json("estimates.json") as {
        acceptance: { signerName: string; signatureImage: string; clientIp: string };
        versions: unknown[];
      }[];
      expect(estimates).toHaveLength(1);
      expect(estimates[0]?.versions).toHaveLength(1);
      expect(estimates[0]?.acceptance).toMatchObject({ signerName: "Ann Example" });
      const signature = entries[estimates[0]?.acceptance.signatureImage as string] as Uint8Array;
      expect(Buffer.from(signature).subarray(1, 4).toString()).toBe("PNG");

      const records = json("home-records.json") as {
        propertyAddress: string;
        testResults: { radon: { lab: string }[] };
        shareLinks: { expiresAt: string }[];
      }[];
      expect(records).toHaveLength(1);
      expect(records[0]?.propertyAddress).toBe("12 Juniper Way");
      expect(records[0]?.testResults.radon).toEqual([
        expect.objectContaining({ lab: "Wasatch Radon Lab" }),
      ]);
      expect(records[0]?.shareLinks).toHaveLength(1);

      // nothing of Bob's, and no secret of Ann's
      const everything = Object.values(entries)
        .map((bytes) => Buffer.from(bytes).toString("latin1"))
        .join("\n");
      expect(everything).not.toContain("BOB-PRIVATE-DESCRIPTION");
      expect(everything).not.toContain("HASH-NEVER-EXPORTED");
      expect(everything).not.toContain("bob@example.com");
      expect(everything).not.toContain(bobQuote);
      expect(everything).not.toContain("Bob private report");
      const [credential] = await db
        .select()
        .from(schema.account)
        .where(eq(schema.account.userId, ann.user.id));
      const sessionRows = await db
        .select()
        .from(schema.session)
        .where(eq(schema.session.userId, ann.user.id));
      const [quoteRow] = await db
        .select()
        .from(schema.quotes)
        .where(eq(schema.quotes.id, annQuote));
      const secrets = [
        credential?.password,
        ...sessionRows.map((s) => s.token),
        quoteRow?.submission_key,
        ...ann.cookie.split("; ").map((pair) => decodeURIComponent(pair.split("=")[1] ?? "")),
      ];
      expect(credential?.password).toMatch(/^\$argon2id\$/);
      expect(sessionRows.length).toBeGreaterThan(0);
      for (const secret of secrets.filter((value): value is string => Boolean(value))) {
        expect(secret.length).toBeGreaterThan(10);
        expect(everything).not.toContain(secret);
      }
      expect(everything).not.toMatch(/\$argon2/);
    },
    SLOW,
  );

  it("a guest is sent to sign in, and the export is limited per account", async () => {
    const guest = await exportFor();
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/auth\/signin/);
    expect(guest.headers.get("Content-Type") ?? "").not.toMatch(/zip/);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await exportFor(bob.cookie)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  const closeWith = (who: SignedInAccount, fields: Record<string, string>) =>
    post(closeRoute.action, "/account/close", fields, freshIp(), who.user, who.cookie);

  it(
    "a wrong password is refused with a message and nothing changes; the right one erases the account and keeps its business records",
    async () => {
      const wrong = await closeWith(ann, {
        intent: "close",
        password: "not my password",
        confirmation: "CLOSE",
      });
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(wrong.body)).toContain("Incorrect password");
      const unconfirmed = await closeWith(ann, {
        intent: "close",
        password: PASSWORD,
        confirmation: "",
      });
      expect(unconfirmed.status).toBe(400);
      expect(JSON.stringify(unconfirmed.body)).toContain("Type CLOSE to confirm");
      // nothing changed
      expect(
        await db.select().from(schema.user).where(eq(schema.user.id, ann.user.id)),
      ).toHaveLength(1);
      expect(await sessionCount(ann.user.id)).toBe(1);
      expect(await db.select().from(schema.properties)).toHaveLength(1);

      // Ann signs in on a second device
      const again = await post(
        signInAction,
        "/auth/signin",
        { email: "ann@example.com", password: PASSWORD },
        freshIp(),
      );
      expect(again.status).toBe(302);
      expect(await sessionCount(ann.user.id)).toBe(2);

      const closed = await closeWith(ann, {
        intent: "close",
        password: PASSWORD,
        confirmation: "close",
      });
      expect(closed.status).toBe(302);
      expect(closed.location).toBe("/");
      expect(await toastIn(closed.setCookies.join("\n"))).toMatchObject({
        title: "Account closed",
      });
      // this browser's session cookie is expired
      expect(
        closed.setCookies.some((c) => /session_token=;|session_token=.*Max-Age=0/i.test(c)),
      ).toBe(true);

      // personal data erased: name, email and number replaced by a placeholder; profile,
      // identities (the password hash), two-factor, sessions, properties gone
      const [login] = await db.select().from(schema.user).where(eq(schema.user.id, ann.user.id));
      expect(login).toMatchObject({
        name: "Closed account",
        email: expect.stringMatching(/^closed-[0-9a-f-]{36}@closed-account\.invalid$/),
        phoneNumber: null,
        emailVerified: false,
        twoFactorEnabled: false,
      });
      expect(
        await db.select().from(schema.user).where(eq(schema.user.email, "ann@example.com")),
      ).toEqual([]);
      expect(
        await db.select().from(schema.profiles).where(eq(schema.profiles.id, ann.user.id)),
      ).toEqual([]);
      expect(
        await db.select().from(schema.account).where(eq(schema.account.userId, ann.user.id)),
      ).toEqual([]);
      expect(await sessionCount(ann.user.id)).toBe(0);
      expect(await db.select().from(schema.properties)).toEqual([]);
      // Bob is untouched
      expect(await sessionCount(bob.user.id)).toBe(1);

      // business records kept, detached
      const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, annQuote));
      expect(quote).toMatchObject({
        user_id: null,
        property_id: null,
        is_guest: false,
        property_address: "12 Juniper Way",
        description: "Ann's musty basement",
      });
      expect(
        await db
          .select()
          .from(schema.quote_attachments)
          .where(eq(schema.quote_attachments.quote_id, annQuote)),
      ).toHaveLength(2);
      // the signed record is unchanged (its trigger refuses any change); it names the login row,
      // which holds nothing personal any more
      const [acceptance] = await db.select().from(schema.estimate_acceptances);
      expect(acceptance).toMatchObject({ signer_name: "Ann Example", accepted_by: ann.user.id });
      expect(acceptance?.signature_png).toBeTruthy();

      // the old session cookie no longer works, and the password signs nobody in
      expect((await exportFor(ann.cookie)).status).toBe(302);
      const signIn = await post(
        signInAction,
        "/auth/signin",
        { email: "ann@example.com", password: PASSWORD },
        freshIp(),
      );
      expect(signIn.status).not.toBe(302);
      expect(signIn.status).toBeGreaterThanOrEqual(400);

      // the admin's quote page still renders, naming a closed account
      const page = await run(adminQuoteRoute.loader, {
        request: requestTo(`/admin/quotes/${annQuote}`),
        context: contextFor(admin),
        params: { id: annQuote },
      });
      expect(page.status).toBe(200);
      const q = page.value as { customer: unknown; noAccount: string; history: { by: string }[] };
      expect(q.customer).toBeNull();
      expect(q.noAccount).toBe("Closed account");
      expect(q.history[0]?.by).toBe("Closed account");
      shownQuote = page.value;
      const Stub = createRoutesStub([{ path: "/admin/quotes/:id", Component: AdminQuotePage }]);
      const html = renderToString(
        createElement(Stub, { initialEntries: [`/admin/quotes/${annQuote}`] }),
      );
      expect(html).toContain("Closed account");
      expect(html).toContain("Ann&#x27;s musty basement");

      // the placeholder login row is nobody: not in the customers list, no customer page
      const customers = await run(adminCustomersRoute.loader, {
        request: requestTo("/admin/customers"),
        context: contextFor(admin),
      });
      expect(JSON.stringify(customers.value)).not.toContain("closed-account.invalid");
      const customerPage = await run(adminCustomerRoute.loader, {
        request: requestTo(`/admin/customers/${ann.user.id}`),
        context: contextFor(admin),
        params: { id: ann.user.id },
      });
      expect(customerPage.status).toBe(404);
      const grant = await run(adminCustomerRoute.action, {
        request: requestTo(`/admin/customers/${ann.user.id}`, { intent: "grant" }),
        context: contextFor(admin),
        params: { id: ann.user.id },
      });
      expect(grant.status).toBe(404);

      // the email can sign up afresh: a new, empty account
      const fresh = await signedInAccount("ann@example.com", "another good passphrase 7");
      expect(fresh.user.id).not.toBe(ann.user.id);
      const [still] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, annQuote));
      expect(still?.user_id).toBeNull();
    },
    SLOW,
  );

  it("an account without a password closes with a fresh code emailed to it", async () => {
    // Bob signs in only through a provider: no password
    await db
      .update(schema.account)
      .set({ providerId: "google", accountId: `g-${randomUUID()}`, password: null })
      .where(eq(schema.account.userId, bob.user.id));
    const page = await run(closeRoute.loader, {
      request: requestTo("/account/close"),
      context: contextFor(bob.user),
    });
    expect(page.value).toMatchObject({ hasPassword: false, staff: false });

    // the set-up's mail (confirmations, estimates with their PDFs) goes out first
    const transport = smtpTransport(smtp.url, "site <site@remediation.test>");
    while ((await deliverDueMail({ transport })).sent > 0);
    const sent = await closeWith(bob, { intent: "send-code" });
    expect(sent.status).toBe(200);
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          await deliverDueMail({ transport });
          code = [...smtp.received]
            .reverse()
            .find((m) => m.to.includes("bob@example.com") && /code to close your/i.test(m.text))
            ?.text.match(/\b\d{6}\b/)?.[0];
          return code;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await closeWith(bob, { intent: "close", code: wrongCode, confirmation: "CLOSE" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("That code is not valid");
    expect(await sessionCount(bob.user.id)).toBe(1);

    const closed = await closeWith(bob, {
      intent: "close",
      code: code as string,
      confirmation: "CLOSE",
    });
    expect(closed.status).toBe(302);
    const [login] = await db.select().from(schema.user).where(eq(schema.user.id, bob.user.id));
    expect(login?.email).toMatch(/@closed-account\.invalid$/);
    expect(
      await db.select().from(schema.account).where(eq(schema.account.userId, bob.user.id)),
    ).toEqual([]);
    expect(await sessionCount(bob.user.id)).toBe(0);
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, bobQuote));
    expect(quote).toMatchObject({ user_id: null, is_guest: false });
    // the account's mail (the code) is gone from the outbox; none of its codes remain
    const outbox = await db.select().from(schema.mail_outbox);
    expect(outbox.filter((m) => m.to_address === "bob@example.com" && m.quote_id === null)).toEqual(
      [],
    );
  });

  it("an admin cannot close their account here", async () => {
    const staff = await signedInAccount("staff@example.com");
    await db
      .update(schema.profiles)
      .set({ is_admin: true })
      .where(eq(schema.profiles.id, staff.user.id));
    const refused = await closeWith(
      { ...staff, user: { ...staff.user, isAdmin: true } },
      { intent: "close", password: PASSWORD, confirmation: "CLOSE" },
    );
    expect(refused.status).toBe(403);
    expect(await sessionCount(staff.user.id)).toBe(1);
  });

  it("a visit staff member (not an admin) cannot close their account here either", async () => {
    const crew = await signedInAccount("crew@example.com");
    await db.insert(schema.visit_staff).values({ user_id: crew.user.id });
    const refused = await closeWith(crew, {
      intent: "close",
      password: PASSWORD,
      confirmation: "CLOSE",
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("A staff account cannot be closed here");
    expect(await sessionCount(crew.user.id)).toBe(1);
    const [login] = await db
      .select({ email: schema.user.email })
      .from(schema.user)
      .where(eq(schema.user.id, crew.user.id));
    expect(login?.email).toBe("crew@example.com");
  });
});
