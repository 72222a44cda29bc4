/**
 * The homeowner's sign-off of a completed job (docs/decisions/0217-homeowner-sign-off.md) on both
 * drivers, through the request handlers: the private link mailed at completion (`/jobs/{token}`,
 * hashed, expiring as an estimate's link), the crew's phone (the admin job page's 'Homeowner
 * sign-off'), the audit record as an estimate's acceptance, a punch-list comment that keeps the
 * job waiting and alerts the office, a signed completion never edited (also by the database), the
 * access matrix, and the dashboard's 'Waiting for sign-off' card with the list's filter.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { ESIGN_CONSENT_TEXT } from "~/features/estimates/consent";
import { changeJobStatus, openJobByHand } from "~/features/jobs/jobs.server";
import { jobsPart } from "~/features/jobs/personal-data.server";
import { saveJobRecord } from "~/features/jobs/record.server";
import { SIGN_OFF_CONSENT_TEXT } from "~/features/jobs/sign-off";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { SessionUser } from "~/lib/session.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as jobRoute from "~/routes/admin/job";
import * as jobSignatureRoute from "~/routes/admin/job-signature";
import * as jobsRoute from "~/routes/admin/jobs";
import * as signOffRoute from "~/routes/jobs/sign-off";
import { totpAccount } from "../setup/accounts";
import { contextFor, makeUser, ORIGIN, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { captureLogs } from "../setup/logs";
import { renderRoute } from "../setup/render";
import { routeTable, runRoute } from "../setup/route-table";

const SLOW = 180_000;
const AGENT = "Mozilla/5.0 (Linux; Android 15) test phone";

describe.each(drivers)("homeowner sign-off on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let seq = 0;

  beforeAll(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("crew-lead@remediation.test", { admin: true, totp: true });
  }, SLOW);
  afterAll(async () => {
    await database?.dispose();
  });

  /** An in-progress water treatment job with a complete record, on a quote of `userId`. */
  async function jobInProgress(userId: string | null = null) {
    seq += 1;
    const submitted = await submitQuoteRequest(
      "water_filtration",
      formData({
        ...validAnswers.water_filtration,
        email: `home${seq}@example.com`,
        lastName: `Signer${seq}`,
      }),
      { clientIp: `10.7.0.${seq}`, owner: { userId } },
    );
    if (submitted.ok !== true) throw new Error("quote fixture failed");
    const quoteId = submitted.quoteId;
    expect(
      await changeQuoteStatus(
        quoteId,
        { status: "approved", expectedStatus: "pending", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: true });
    const opened = await openJobByHand(quoteId, admin.id, "Agreed by phone");
    if (!opened.ok) throw new Error(opened.message);
    for (const [from, to] of [
      ["unscheduled", "scheduled"],
      ["scheduled", "in_progress"],
    ] as const) {
      expect(
        await changeJobStatus(
          opened.id,
          { status: to, expectedStatus: from, notes: null },
          admin.id,
        ),
      ).toEqual({ ok: true });
    }
    const record = new FormData();
    record.set("equipment.0.kind", "reverse_osmosis");
    record.set("equipment.0.make", "AquaPure");
    record.set("equipment.0.model", "RO-500");
    record.set("equipment.0.filterIntervalMonths", "6");
    expect(await saveJobRecord(opened.id, record, admin.id)).toEqual({ ok: true });
    return { jobId: opened.id, quoteId, email: `home${seq}@example.com` };
  }

  /** Posts `form` to the admin job page as `user`. */
  const postJob = (jobId: string, form: Record<string, string>, user: SessionUser | null = admin) =>
    run(jobRoute.action, {
      request: requestTo(`/admin/jobs/${jobId}`, form),
      context: contextFor(user),
      params: { id: jobId },
    });

  const jobPage = async (jobId: string) => {
    const answer = await run(jobRoute.loader, {
      request: requestTo(`/admin/jobs/${jobId}`),
      context: contextFor(admin),
      params: { id: jobId },
    });
    expect(answer.status).toBe(200);
    return answer.value as Awaited<ReturnType<typeof jobRoute.loader>>;
  };

  /** GET /admin/jobs/{jobId}/signature.png as `user`. */
  const signatureImage = (jobId: string, user: SessionUser | null = admin) =>
    run(jobSignatureRoute.loader, {
      request: requestTo(`/admin/jobs/${jobId}/signature.png`),
      context: contextFor(user),
      params: { id: jobId },
    });

  /** Completes job `jobId` through the admin page, as the crew's 'Complete job' does. */
  async function complete(jobId: string) {
    const answer = await postJob(jobId, { intent: "complete" });
    expect(answer.status).toBe(302);
  }

  /** The token of the newest sign-off link mailed to `email`. */
  async function mailedToken(email: string) {
    // oldest first (a row the outbox worker updated moves in PostgreSQL's heap)
    const mails = (await db.select().from(schema.mail_outbox))
      .filter((m) => m.to_address === email && m.kind === "job_sign_off_link")
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    const token = /\/jobs\/([A-Za-z0-9_-]{43})\b/.exec(mails.at(-1)?.text_body ?? "")?.[1];
    if (!token) throw new Error("no sign-off link mailed");
    return { token, count: mails.length };
  }

  const linkRequest = (token: string, form?: Record<string, string>) =>
    new Request(new URL(`/jobs/${token}`, ORIGIN), {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: form
        ? {
            Origin: ORIGIN,
            "Content-Type": "application/x-www-form-urlencoded",
            "User-Agent": AGENT,
          }
        : { "User-Agent": AGENT },
    });

  const openLink = async (token: string, user: SessionUser | null = null) =>
    run(signOffRoute.loader, {
      request: linkRequest(token),
      context: contextFor(user),
      params: { token },
    });

  const postLink = (token: string, form: Record<string, string>) =>
    run(signOffRoute.action, {
      request: linkRequest(token, form),
      context: contextFor(null),
      params: { token },
    });

  const answersOf = (jobId: string) =>
    db.select().from(schema.job_sign_offs).where(eq(schema.job_sign_offs.job_id, jobId));

  const signature = async () => {
    const png = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="100"><path d="M10 80 C 80 10, 120 10, 290 70" stroke="#0f172a" stroke-width="3" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    return { png, dataUrl: `data:image/png;base64,${png.toString("base64")}` };
  };

  it("completion mails a private link; the homeowner signs there with the estimate's consent and audit record; it never changes afterwards", async () => {
    const { jobId, quoteId, email } = await jobInProgress();
    // before completion there is nothing to sign on the crew's phone
    const early = await postJob(jobId, {
      intent: "sign-off",
      recordSha256: "0".repeat(64),
      consent: "on",
      signerName: "Dana Homeowner",
    });
    expect(early.status).toBe(409);
    expect((early.value as { error: string }).error).toBe(
      "The homeowner signs off once the job is completed.",
    );
    expect((await jobPage(jobId)).signOff.signed).toBeNull();

    await complete(jobId);
    const { token, count } = await mailedToken(email);
    expect(count).toBe(1);
    // only the token's hash is kept, valid 30 Utah days as an estimate's link
    const [link] = await db
      .select()
      .from(schema.job_sign_off_links)
      .where(eq(schema.job_sign_off_links.job_id, jobId));
    expect(link?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(link?.token_hash).not.toContain(token);

    const page = await openLink(token);
    expect(page.status).toBe(200);
    const open = page.value as Extract<
      Awaited<ReturnType<typeof signOffRoute.loader>>["data"],
      { state: "open" }
    >;
    expect(open.completed).toBe(true);
    expect(open.view.facts).toContainEqual([
      "Reverse osmosis",
      "AquaPure, RO-500, filter change every 6 months",
    ]);
    expect(open.view.consent.text.join("\n\n")).toBe(SIGN_OFF_CONSENT_TEXT);
    // the same disclosure as an estimate's acceptance, for this document
    const [, , withdraw] = ESIGN_CONSENT_TEXT.split("\n\n");
    expect(open.view.consent.text[2]).toBe(withdraw);
    expect(open.view.consent.text[0]).toContain(
      "By ticking this box and typing your name you sign this completion record electronically.",
    );

    // without the consent: the form's message, nothing written
    const refused = await postLink(token, {
      intent: "sign-off",
      recordSha256: open.view.recordSha256,
      signerName: "Dana Homeowner",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.value)).toContain("Tick the box to agree to sign electronically");
    // a record shown before a change is refused
    const stale = await postLink(token, {
      intent: "sign-off",
      recordSha256: "f".repeat(64),
      consent: "on",
      signerName: "Dana Homeowner",
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.value)).toContain("The completion record changed");
    expect(await answersOf(jobId)).toEqual([]);

    const drawn = await signature();
    const signed = await postLink(token, {
      intent: "sign-off",
      recordSha256: open.view.recordSha256,
      consent: "on",
      signerName: "Dana Homeowner",
      signature: drawn.dataUrl,
    });
    expect(signed.status).toBe(302);
    expect(signed.location).toBe(`/jobs/${token}`);
    const [row] = await answersOf(jobId);
    expect(row).toMatchObject({
      kind: "signed",
      via: "link",
      signer_name: "Dana Homeowner",
      consent_text: SIGN_OFF_CONSENT_TEXT,
      record_sha256: open.view.recordSha256,
      client_ip: "192.0.2.50",
      user_agent: AGENT,
      recorded_by: null,
    });
    expect(Buffer.from(row?.signature_png ?? []).equals(drawn.png)).toBe(true);
    const confirmation = (await db.select().from(schema.mail_outbox)).find(
      (m) => m.to_address === email && m.kind === "job_signed_off",
    );
    expect(confirmation?.text_body).toContain("signed off electronically by Dana Homeowner");
    expect(confirmation?.quote_id).toBe(quoteId);

    // the link now shows what was signed, without the forms
    const after = (await openLink(token)).value as typeof open;
    expect(after.view.signed).toMatchObject({ name: "Dana Homeowner", onCrewPhone: false });
    expect((await jobPage(jobId)).signOff.signed).toMatchObject({
      name: "Dana Homeowner",
      hasSignature: true,
    });
    // staff see the drawn signature from an admin-only address, never cached; nobody else does
    const image = await signatureImage(jobId);
    expect(image.status).toBe(200);
    const response = image.value as Response;
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(drawn.png)).toBe(true);
    const homeowner = await makeUser(email);
    for (const user of [homeowner, null]) {
      expect((await signatureImage(jobId, user)).status).toBe(302);
    }

    // a signed completion is never edited: a second signature, a punch list, on either side
    const again = await postLink(token, {
      intent: "sign-off",
      recordSha256: open.view.recordSha256,
      consent: "on",
      signerName: "Somebody Else",
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.value)).toContain("This job was signed off by Dana Homeowner on ");
    expect(JSON.stringify(again.value)).toContain("A signed completion is never edited");
    const crewAgain = await postJob(jobId, { intent: "punch-list", comment: "One more thing" });
    expect(crewAgain.status).toBe(409);
    expect((crewAgain.value as { error: string }).error).toContain(
      "A signed completion is never edited",
    );
    expect(await postJob(jobId, { intent: "sign-off-link" })).toMatchObject({ status: 409 });
    expect(await answersOf(jobId)).toHaveLength(1);
    // ... nor by the database
    await expect(
      db
        .update(schema.job_sign_offs)
        .set({ signer_name: "Forged" })
        .where(eq(schema.job_sign_offs.job_id, jobId)),
    ).rejects.toThrow();
    await expect(
      db.update(schema.job_records).set({ data: "{}" }).where(eq(schema.job_records.job_id, jobId)),
    ).rejects.toThrow();
    const [kept] = await db
      .select()
      .from(schema.job_records)
      .where(eq(schema.job_records.job_id, jobId));
    expect(kept?.data).toContain("AquaPure");
  });

  it("a signature drawn on a phone, far longer than an ordinary form's answers, signs through the site's body bounds on the link and on the crew's phone", async () => {
    // a phone's canvas at three device pixels per point: tens of KB of PNG (noise, so it does
    // not compress), a data URL of 100,000 characters where a form answer may have 10,000
    const phonePng = () =>
      sharp(randomBytes(600 * 40 * 4), { raw: { width: 600, height: 40, channels: 4 } })
        .png()
        .toBuffer();
    const route = (pattern: string) => {
      const entry = routeTable().find((r) => r.pattern === pattern);
      if (!entry) throw new Error(`no route ${pattern}`);
      return entry;
    };
    const signForm = (recordSha256: string, name: string, png: Buffer) =>
      new URLSearchParams({
        intent: "sign-off",
        recordSha256,
        consent: "on",
        signerName: name,
        signature: `data:image/png;base64,${png.toString("base64")}`,
      });
    const post = (path: string, body: URLSearchParams, cookie?: string) =>
      new Request(new URL(path, ORIGIN), {
        method: "POST",
        body,
        headers: {
          Origin: ORIGIN,
          "Content-Type": "application/x-www-form-urlencoded",
          "User-Agent": AGENT,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      });

    // the mailed link, as the router runs it (root middleware first)
    const byLink = await jobInProgress();
    await complete(byLink.jobId);
    const { token } = await mailedToken(byLink.email);
    const view = ((await openLink(token)).value as { view: { recordSha256: string } }).view;
    const linkPng = await phonePng();
    const form = signForm(view.recordSha256, "Pat Phone", linkPng);
    expect(form.get("signature")?.length).toBeGreaterThan(100_000);
    const signed = await runRoute(route("/jobs/:token"), post(`/jobs/${token}`, form), { token });
    expect(signed?.status).toBe(302);
    const [linkRow] = await answersOf(byLink.jobId);
    expect(Buffer.from(linkRow?.signature_png ?? []).equals(linkPng)).toBe(true);

    // the admin job page on the crew's phone, signed in as staff with two-factor
    const staff = await totpAccount(`phone-crew${seq}@remediation.test`);
    await db
      .insert(schema.profiles)
      .values({ id: staff.user.id, full_name: "Crew", is_admin: true })
      .onConflictDoUpdate({ target: schema.profiles.id, set: { is_admin: true } });
    const byCrew = await jobInProgress();
    await complete(byCrew.jobId);
    const crewPng = await phonePng();
    const crewForm = signForm(
      (await jobPage(byCrew.jobId)).signOff.recordSha256,
      "Sam Phone",
      crewPng,
    );
    const crewSigned = await runRoute(
      route("/admin/jobs/:id"),
      post(`/admin/jobs/${byCrew.jobId}`, crewForm, staff.cookie),
      { id: byCrew.jobId },
    );
    expect(crewSigned?.status).toBe(302);
    const [crewRow] = await answersOf(byCrew.jobId);
    expect(crewRow).toMatchObject({ via: "crew", recorded_by: staff.user.id });
    expect(Buffer.from(crewRow?.signature_png ?? []).equals(crewPng)).toBe(true);
  });

  it("the link's page as served (no script): a plain form posting to itself, no canvas; an unknown link renders the one not-found panel", async () => {
    const { jobId, email } = await jobInProgress();
    await complete(jobId);
    const { token } = await mailedToken(email);
    const page = await renderRoute(signOffRoute, "/jobs/:token", `/jobs/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form[^>]*method="post"/);
    expect(page.html).toContain('name="signerName"');
    expect(page.html).toContain('name="consent"');
    expect(page.html).toContain('name="recordSha256"');
    expect(page.html).toContain('name="comment"');
    expect(page.html).toContain("Consent to sign electronically");
    // the drawing pad is rendered only where scripts run: the typed name signs
    expect(page.html).not.toContain("<canvas");
    const unknown = await renderRoute(signOffRoute, "/jobs/:token", `/jobs/${"B".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Job not found");
    expect(unknown.html).not.toContain('name="signerName"');
  });

  it("on the crew's phone without JavaScript: the typed name signs, recorded as the crew's; a punch list first keeps the job waiting and alerts the office", async () => {
    const { jobId, quoteId } = await jobInProgress();
    await complete(jobId);
    const before = await jobPage(jobId);
    expect(before.signOff.signed).toBeNull();
    expect(before.signOff.punchList).toEqual([]);

    const empty = await postJob(jobId, { intent: "punch-list", comment: "   " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.value)).toContain("Write what still needs doing");

    const punch = await postJob(jobId, {
      intent: "punch-list",
      comment: "The drain line under the sink still drips.",
    });
    expect(punch.status).toBe(302);
    expect(punch.location).toBe(`/admin/jobs/${jobId}#sign-off`);
    const alert = (await db.select().from(schema.mail_outbox)).find(
      (m) => m.kind === "job_punch_list_alert" && m.quote_id === quoteId,
    );
    expect(alert?.to_address).toBe(env().LEADS_EMAIL);
    expect(alert?.text_body).toContain("The drain line under the sink still drips.");
    expect(alert?.text_body).toContain(`/admin/jobs/${jobId}`);
    const waiting = await jobPage(jobId);
    expect(waiting.signOff.signed).toBeNull();
    expect(waiting.signOff.punchList.map((p) => p.comment)).toEqual([
      "The drain line under the sink still drips.",
    ]);
    expect(waiting.history[0]?.notes).toBe(
      "Punch list from the homeowner, not signed off: The drain line under the sink still drips.",
    );

    // no drawing posted (JavaScript off): the typed name is the signature
    const signed = await postJob(jobId, {
      intent: "sign-off",
      recordSha256: waiting.signOff.recordSha256,
      consent: "on",
      signerName: "Lee Owner",
    });
    expect(signed.status).toBe(302);
    const rows = await db
      .select()
      .from(schema.job_sign_offs)
      .where(and(eq(schema.job_sign_offs.job_id, jobId), eq(schema.job_sign_offs.kind, "signed")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ via: "crew", recorded_by: admin.id, signature_png: null });
    const page = await jobPage(jobId);
    expect(page.signOff.signed).toMatchObject({
      name: "Lee Owner",
      onCrewPhone: true,
      hasSignature: false,
    });
    // a typed name only: there is no image to show
    expect((await signatureImage(jobId)).status).toBe(404);
    expect(page.history[0]?.notes).toBe("Signed off by Lee Owner on the crew's phone");
    // the mailed link, opened later, shows the signature and takes nothing more
    const { token } = await mailedToken(
      (await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId)))[0]
        ?.contact_email as string,
    );
    const link = await postLink(token, { intent: "punch-list", comment: "Late" });
    expect(link.status).toBe(409);
  });

  it("access: an unknown, malformed or another job's token is a 404; an expired link is refused; only staff reach the admin section", async () => {
    const owner = await makeUser(`owner${seq}@example.com`);
    const other = await makeUser(`other${seq}@example.com`);
    const noTotp = await makeUser(`staff${seq}@remediation.test`, { admin: true });
    const mine = await jobInProgress(owner.id);
    const theirs = await jobInProgress(other.id);
    await complete(mine.jobId);
    await complete(theirs.jobId);
    const { token } = await mailedToken(mine.email);

    for (const bad of ["A".repeat(43), "short", `${token.slice(0, 42)}!`]) {
      expect((await openLink(bad)).status, bad).toBe(404);
      expect((await openLink(bad, owner)).status, bad).toBe(404);
      const post = await postLink(bad, { intent: "punch-list", comment: "Let me in" });
      expect(post.status, bad).toBe(404);
    }
    // the other customer, signed in, holding their own link: they see their own job only
    const theirToken = (await mailedToken(theirs.email)).token;
    const theirPage = (await openLink(theirToken, other)).value as {
      view: { number: string };
    };
    const minePage = (await openLink(token, other)).value as { view: { number: string } };
    expect(theirPage.view.number).not.toBe(minePage.view.number);
    const theirsRecord = (await jobPage(theirs.jobId)).signOff.recordSha256;
    // a hash of another job's record does not sign this one
    const crossed = await postLink(token, {
      intent: "sign-off",
      recordSha256: theirsRecord,
      consent: "on",
      signerName: "Other Customer",
    });
    expect(crossed.status).toBe(409);
    expect(await answersOf(theirs.jobId)).toEqual([]);
    expect(await answersOf(mine.jobId)).toEqual([]);

    // the admin section and its posts: staff only (a customer, staff without 2FA, a guest)
    for (const user of [owner, other, noTotp, null]) {
      const page = await run(jobRoute.loader, {
        request: requestTo(`/admin/jobs/${mine.jobId}`),
        context: contextFor(user),
        params: { id: mine.jobId },
      });
      expect(page.status).toBe(302);
      const forms: Record<string, string>[] = [
        {
          intent: "sign-off",
          recordSha256: "0".repeat(64),
          consent: "on",
          signerName: "Intruder",
        },
        { intent: "punch-list", comment: "Intruder" },
        { intent: "sign-off-link" },
      ];
      for (const form of forms) {
        expect((await postJob(mine.jobId, form, user)).status).toBe(302);
      }
    }
    expect(await answersOf(mine.jobId)).toEqual([]);
    expect((await mailedToken(mine.email)).count).toBe(1);
    // a malformed job id in the admin address: the one 404
    expect((await postJob("not-an-id", { intent: "punch-list", comment: "x" })).status).toBe(404);

    // an expired link: the page says so (410) and takes nothing
    await db
      .update(schema.job_sign_off_links)
      .set({ valid_until: "2020-01-31" })
      .where(eq(schema.job_sign_off_links.job_id, mine.jobId));
    const expired = await openLink(token);
    expect(expired.status).toBe(410);
    const late = await postLink(token, { intent: "punch-list", comment: "Too late?" });
    expect(late.status).toBe(410);
    expect(JSON.stringify(late.value)).toContain("This link expired on January 31, 2020");
    expect(await answersOf(mine.jobId)).toEqual([]);
    // staff email a fresh link, which opens again
    expect((await postJob(mine.jobId, { intent: "sign-off-link" })).status).toBe(302);
    const fresh = await mailedToken(mine.email);
    expect(fresh.count).toBe(2);
    expect((await openLink(fresh.token)).status).toBe(200);
    // that link goes astray too: a new one retires it, so whoever holds it cannot sign
    expect((await postJob(mine.jobId, { intent: "sign-off-link" })).status).toBe(302);
    const newest = await mailedToken(mine.email);
    expect(newest.count).toBe(3);
    expect((await openLink(fresh.token)).status).toBe(404);
    const view = ((await openLink(newest.token)).value as { view: { recordSha256: string } }).view;
    const astray = await postLink(fresh.token, {
      intent: "sign-off",
      recordSha256: view.recordSha256,
      consent: "on",
      signerName: "Not The Homeowner",
    });
    expect(astray.status).toBe(404);
    expect(await answersOf(mine.jobId)).toEqual([]);
    expect((await openLink(newest.token)).status).toBe(200);
  });

  it("a post the body bounds refuse on a mailed link is logged without the link's secret", async () => {
    const token = randomBytes(32).toString("base64url");
    const logs = captureLogs("info");
    try {
      const link = routeTable().find((r) => r.pattern === "/jobs/:token");
      if (!link) throw new Error("no route /jobs/:token");
      const refused = await runRoute(
        link,
        new Request(new URL(`/jobs/${token}`, ORIGIN), {
          method: "POST",
          body: new URLSearchParams({ "lines[1000]": "x" }),
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        { token },
      );
      expect(refused?.status).toBe(400);
      const event = logs.lines().find((line) => line.event === "request.refused");
      expect(event).toMatchObject({ path: "/jobs/:token", status: 400 });
      expect(logs.text()).not.toContain(token);
    } finally {
      logs.restore();
    }
  });

  it("the customer's export holds their sign-off (signature image and audit record) and punch list", async () => {
    const owner = await makeUser(`export${seq}@example.com`);
    const { jobId, email } = await jobInProgress(owner.id);
    await complete(jobId);
    const { token } = await mailedToken(email);
    expect(
      (await postLink(token, { intent: "punch-list", comment: "Label is crooked" })).status,
    ).toBe(302);
    const page = (await openLink(token)).value as { view: { recordSha256: string } };
    const drawn = await signature();
    expect(
      (
        await postLink(token, {
          intent: "sign-off",
          recordSha256: page.view.recordSha256,
          consent: "on",
          signerName: "Robin Export",
          signature: drawn.dataUrl,
        })
      ).status,
    ).toBe(302);
    const collect = jobsPart.sections[0]?.collect;
    if (!collect) throw new Error("no jobs section");
    const section = await collect(owner.id);
    const [job] = section.data as { number: string; signOffs: Record<string, unknown>[] }[];
    expect(job?.signOffs).toEqual([
      expect.objectContaining({ kind: "punch_list", via: "link", comment: "Label is crooked" }),
      expect.objectContaining({
        kind: "signed",
        via: "link",
        signerName: "Robin Export",
        signatureImage: `files/jobs/${job?.number}-signature.png`,
        consentText: SIGN_OFF_CONSENT_TEXT,
        recordSha256: page.view.recordSha256,
        userAgent: AGENT,
      }),
    ]);
    const file = section.files?.find((f) => f.path === `files/jobs/${job?.number}-signature.png`);
    expect(Buffer.from(file?.bytes ?? []).equals(drawn.png)).toBe(true);
  });

  it("the dashboard's 'Waiting for sign-off' card counts completed jobs not signed off and links to the list filtered so", async () => {
    const card = async () => {
      const answer = await run(dashboardRoute.loader, {
        request: requestTo("/admin"),
        context: contextFor(admin),
      });
      return (answer.value as { waitingForSignOff: number }).waitingForSignOff;
    };
    const waitingList = async () => {
      const answer = await run(jobsRoute.loader, {
        request: requestTo("/admin/jobs?signOff=waiting"),
        context: contextFor(admin),
      });
      return (answer.value as { jobs: { id: string }[] }).jobs.map((j) => j.id);
    };
    const startCount = await card();
    const startList = await waitingList();
    expect(startList).toHaveLength(startCount);
    const { jobId } = await jobInProgress();
    // an open job is not waiting for a sign-off yet
    expect(await card()).toBe(startCount);
    await complete(jobId);
    expect(await card()).toBe(startCount + 1);
    expect(await waitingList()).toContain(jobId);
    const page = await jobPage(jobId);
    await postJob(jobId, {
      intent: "sign-off",
      recordSha256: page.signOff.recordSha256,
      consent: "on",
      signerName: "Pat Owner",
    });
    expect(await card()).toBe(startCount);
    expect(await waitingList()).not.toContain(jobId);
    const signed = await run(jobsRoute.loader, {
      request: requestTo("/admin/jobs?signOff=signed"),
      context: contextFor(admin),
    });
    expect((signed.value as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toContain(jobId);
  });
});
