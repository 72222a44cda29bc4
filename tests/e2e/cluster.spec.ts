/**
 * Two servers, one site: Debian's nginx with the shipped deploy/nginx.conf in front of two
 * production servers on one PostgreSQL database and one bucket (tests/setup/cluster.ts). Requests
 * alternate between the servers (nginx's access log says which answered); whichever answers, the
 * visitor's journey works: uploads ahead of the form on one server attached by the other, the
 * status link's page and files, each mail sent once, sessions and two-factor, the admin's live
 * updates through the proxy, an estimate sent by staff and accepted by the homeowner, a visit
 * booked (its time refused to a second request on the other server) and its reminder sent once
 * by two outbox workers, a blog image, the estimate link. Then one server is killed with SIGKILL
 * between the pages and the posts of an estimate acceptance and a booking, and in the middle of a
 * quote: the proxy sends the rest to the other, nothing acknowledged is lost, no mail goes twice,
 * the killed server rejoins on restart, and both servers share one quote rate-limit budget.
 * Requests only (a browser adds nothing here); the test setup reads ids from the database.
 */
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import postgres from "postgres";
import sharp from "sharp";
import { PORT } from "../../playwright.config";
import { type Cluster, startCluster } from "../setup/cluster";
import { formData, validAnswers } from "../setup/forms";
import { createAccount, enrolTotp, expect, PASSWORD, signInOverHttp, test } from "./fixtures";

// one cluster for the file, its tests in order (the second kills a server of the first)
test.describe.configure({ mode: "serial", timeout: 240_000 });

/** Quote requests one client may send per hour (QUOTE_RATE_LIMIT), shared by both servers. */
const QUOTE_BUDGET = 11;
/**
 * The visits' lead time set by the booking test (hours): short, so that a booked visit starts
 * within the 24 hours before its reminder and the reminder falls due at once.
 */
const LEAD_TIME_HOURS = 1;
/** The back office's admin (ADMIN_EMAILS): two-factor on, as every admin. */
const ADMIN_EMAIL = "admin.cluster@example.com";

let cluster: Cluster;
let api: APIRequestContext;
/** The admin's session (signed in by the second test, used by the staff steps after it). */
let admin: APIRequestContext | undefined;
/** The cluster's database, for the setup's ids and the checks of what was written. */
let sql: postgres.Sql;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  cluster = await startCluster({
    proxyPort: PORT + 70,
    serverPorts: [PORT + 71, PORT + 72],
    postgresUrl: process.env.DATABASE_URL || undefined,
    env: { QUOTE_RATE_LIMIT: String(QUOTE_BUDGET), ADMIN_EMAILS: ADMIN_EMAIL },
  });
  api = await playwrightRequest.newContext({
    baseURL: cluster.origin,
    extraHTTPHeaders: { Origin: cluster.origin },
  });
  sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
});
test.afterAll(async () => {
  await api?.dispose();
  await admin?.dispose();
  await sql?.end();
  await cluster?.stop();
});

const photo = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({
          create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } },
        })
          .jpeg()
          .toBuffer(),
      ),
    ],
    { type: "image/jpeg" },
  );
const report = async () => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Spore count: 1200 per cubic metre");
  return new Blob([new Uint8Array(await doc.save())], { type: "application/pdf" });
};

/** The quote form's submission key (one per render), from the page. */
async function formKey(): Promise<string> {
  const html = await (await api.get("/quotes/mold-remediation")).text();
  const key = /name="submissionKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key, "the form carries its key").toBeTruthy();
  return key as string;
}

/** Uploads a file ahead of the form (as its script does); returns the pending upload's id. */
async function uploadAhead(key: string, kind: "photo" | "report", file: Blob, name: string) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("submissionKey", key);
  form.append("file", new File([file], name, { type: file.type }));
  const answer = await api.post("/quotes/uploads", { multipart: form });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { file: { id: string } }).file.id;
}

/**
 * Posts the mold form (with its render's key and the uploads' ids; without a key, as an old page
 * would); returns the status code (302: taken).
 */
async function postQuote(email: string, key?: string, uploadIds: string[] = []) {
  const form = formData({ ...validAnswers.mold, email, submissionKey: key });
  for (const id of uploadIds) form.append("uploadedFiles", id);
  const answer = await api.post("/quotes/mold-remediation", { multipart: form, maxRedirects: 0 });
  if (answer.status() === 302) {
    expect(answer.headers().location).toMatch(/^\/quotes\/confirmation/);
  }
  return answer.status();
}

/** The mails received so far for `to` whose subject contains `subject`. */
const mailsTo = (to: string, subject: string) =>
  cluster.smtp.received.filter((m) => m.to.includes(to) && m.subject.includes(subject));

/** The status link's path from the confirmation mail (waits for it). */
async function statusPath(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email, "We received your").length).toBe(1);
  const text = mailsTo(email, "We received your")[0]?.text ?? "";
  const link = /https?:\/\/\S+(\/quotes\/status\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  return link as string;
}

/** The first link of the newest mail to `to` whose subject contains `subject` (waits for it). */
async function linkFromSmtp(to: string, subject: string): Promise<string> {
  await expect.poll(() => mailsTo(to, subject).length).toBeGreaterThan(0);
  return /https?:\/\/\S+/.exec(mailsTo(to, subject).at(-1)?.text ?? "")?.[0] ?? "";
}

/** Quote requests taken so far (302 in the access log). */
const quotesTaken = () =>
  cluster
    .accessLog()
    .filter((l) => l.method === "POST" && l.path === "/quotes/mold-remediation" && l.status === 302)
    .length;

/** Which servers answered `path` (GET or POST) in the access log, in order. */
const answeredBy = (method: string, path: string) =>
  cluster
    .accessLog()
    .filter((line) => line.method === method && line.path === path)
    .map((line) => line.upstreams.at(-1));

/**
 * The server that answered the newest `method path` (as logged) after the `before`th such line
 * (waits for nginx to write it).
 */
async function answerAfter(method: string, path: string, before: number): Promise<string> {
  await expect.poll(() => answeredBy(method, path).length).toBeGreaterThan(before);
  return answeredBy(method, path).at(-1) as string;
}

/**
 * GETs `url` (logged as `logged`) until server `address` answers it: round robin takes a try or
 * two. Returns that answer.
 */
async function getFrom(address: string, url: string, logged: string) {
  for (let i = 0; i < 4; i++) {
    const before = answeredBy("GET", logged).length;
    const answer = await api.get(url);
    expect(answer.status(), url).toBe(200);
    if ((await answerAfter("GET", logged, before)) === address) return answer;
  }
  throw new Error(`${address} never answered GET ${logged}`);
}

/** The signed-in admin of the second test, for the staff steps. */
function staff(): APIRequestContext {
  if (!admin) throw new Error("the admin signs in in the second test");
  return admin;
}

/** Posts `form` to an admin page as the admin; returns the server that answered (302: done). */
async function adminPost(path: string, form: Record<string, string>): Promise<string> {
  const before = answeredBy("POST", path).length;
  const answer = await staff().post(path, { form, maxRedirects: 0 });
  expect(answer.status(), `${path}: ${(await answer.text()).slice(0, 500)}`).toBe(302);
  return answerAfter("POST", path, before);
}

/** The id of the quote requested from `email` (setup: an admin would click it in the list). */
async function quoteIdOf(email: string): Promise<string> {
  const rows = await sql<{ id: string }[]>`SELECT id FROM quotes WHERE contact_email = ${email}`;
  expect(rows, email).toHaveLength(1);
  return (rows[0] as { id: string }).id;
}

/**
 * Staff send quote `quoteId` an estimate of one typed option ($2,400.00, no tax), as the
 * builder posts it; returns the server that answered.
 */
function sendEstimate(quoteId: string): Promise<string> {
  const line = (j: number) => ({
    [`options[0].lines[${j}].priceBookItemId`]: "",
    [`options[0].lines[${j}].name`]: j === 0 ? "Containment and removal" : "",
    [`options[0].lines[${j}].description`]: "",
    [`options[0].lines[${j}].quantity`]: "1",
    [`options[0].lines[${j}].unit`]: j === 0 ? "each" : "",
    [`options[0].lines[${j}].unitPrice`]: j === 0 ? "2400.00" : "",
  });
  return adminPost(`/admin/quotes/${quoteId}`, {
    intent: "send-estimate",
    "options[0].name": "Basement remediation",
    ...line(0),
    ...line(1),
    discountKind: "none",
    discountAmount: "",
    discountPercent: "",
    taxRate: "0",
    terms: "Half on acceptance, the rest on completion.",
    validUntil: "",
  });
}

/** The estimate link's path from the mail that sent it (waits for it). */
async function estimatePath(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email, "Your estimate from").length).toBe(1);
  const text = mailsTo(email, "Your estimate from")[0]?.text ?? "";
  const link = /https?:\/\/\S+(\/estimates\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  return link as string;
}

/** Accepts option 1 of the estimate page `html` (from link `path`), as its form posts it. */
async function acceptEstimate(path: string, html: string, signerName: string) {
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  expect(hidden("versionId"), "the page carries the version it shows").toBeTruthy();
  const answer = await api.post(path, {
    form: {
      intent: "accept",
      versionId: hidden("versionId") as string,
      contentSha256: hidden("contentSha256") as string,
      option: "1",
      consent: "on",
      signerName,
    },
    maxRedirects: 0,
  });
  return answer.status();
}

/** What quote `quoteId`'s acceptance wrote: acceptances, jobs and deposit invoices. */
async function acceptanceRows(quoteId: string) {
  const [row] = await sql<{ acceptances: number; jobs: number; deposits: number }[]>`
    SELECT
      (SELECT count(*)::int FROM estimate_acceptances a JOIN estimates e ON e.id = a.estimate_id
        WHERE e.quote_id = ${quoteId}) AS acceptances,
      (SELECT count(*)::int FROM jobs WHERE quote_id = ${quoteId}) AS jobs,
      (SELECT count(*)::int FROM invoices WHERE quote_id = ${quoteId} AND kind = 'deposit') AS deposits`;
  return row;
}

/** The status link's booking page as the access log names it. */
const VISIT_PAGE = "/quotes/status/:token/visit";

/**
 * A free time on booking page `path` (an ISO instant) at least ten minutes past the lead time, so
 * that it is still free when posted a few seconds later, with the query of the day that shows it
 * (the first day with free times, else the next). Read from server `address`'s answers, or any.
 */
async function freeSlot(path: string, address?: string): Promise<{ slot: string; day: string }> {
  let day = "";
  for (let i = 0; i < 2; i++) {
    const answer = address
      ? await getFrom(address, `${path}${day}`, VISIT_PAGE)
      : await api.get(`${path}${day}`);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    const earliest = Date.now() + (LEAD_TIME_HOURS * 60 + 10) * 60_000;
    const slot = [...html.matchAll(/name="slot" value="([^"]+)"/g)]
      .map((m) => m[1] as string)
      .find((value) => Date.parse(value) >= earliest);
    if (slot) return { slot, day };
    // late in the day: the next day's times (the second of the day links)
    const next = [...html.matchAll(/\?day=(\d{4}-\d{2}-\d{2})"/g)][1]?.[1];
    expect(next, "the booking page offers another day").toBeTruthy();
    day = `?day=${next}`;
  }
  throw new Error(`no free time on ${path}`);
}

/** Books `slot` on booking page `path` (with the street a guest's request lacks); the status. */
async function bookVisit(path: string, slot: string): Promise<number> {
  const answer = await api.post(path, {
    form: {
      slot,
      address: "2345 E Evergreen Ave",
      city: "Salt Lake City",
      state: "UT",
      zipCode: "84106",
    },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) {
    expect(await answer.text()).toContain("That time was just taken, please choose another");
  }
  return answer.status();
}

/** The visits booked for quote `quoteId`. */
async function visitsOf(quoteId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM visits WHERE quote_id = ${quoteId}`;
  return row?.n ?? 0;
}

/**
 * Every mail the outbox holds went out exactly once: none is waiting, and the SMTP server
 * received as many messages as the outbox marked sent (a second delivery of one row would make
 * more; each row has one recipient).
 */
async function expectEveryMailOnce() {
  await expect
    .poll(async () => {
      const [row] = await sql<{ waiting: number; sent: number }[]>`
        SELECT count(*) FILTER (WHERE status <> 'sent')::int AS waiting,
               count(*) FILTER (WHERE status = 'sent')::int AS sent
        FROM mail_outbox WHERE channel = 'mail'`;
      return { waiting: row?.waiting, extra: cluster.smtp.received.length - (row?.sent ?? 0) };
    })
    .toEqual({ waiting: 0, extra: 0 });
}

/** Waits until server `address` (started again) answers requests through the proxy. */
async function rejoins(address: string) {
  const before = cluster.accessLog().length;
  await expect
    .poll(
      async () => {
        await api.get("/readyz");
        return cluster
          .accessLog()
          .slice(before)
          .some((line) => line.upstreams.at(-1) === address && line.status === 200);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The reference of the quote requested from `email`, from its confirmation's subject. */
async function referenceOf(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email, "We received your").length).toBe(1);
  const subject = mailsTo(email, "We received your")[0]?.subject ?? "";
  return /\(([^)]+)\)$/.exec(subject)?.[1] ?? subject;
}

test("whichever server answers: uploads on one attached by the other, the status link's page and files, each mail once", async () => {
  const [one, two] = cluster.servers.map((s) => s.address);

  // requests alternate between the two servers: two in a row reach both (polled, since nginx
  // leaves a server out for 10 s after one failed request, which a busy machine can cause)
  await expect
    .poll(
      async () => {
        const before = cluster.accessLog().length;
        for (let i = 0; i < 2; i++) expect((await api.get("/readyz")).status()).toBe(200);
        return new Set(
          cluster
            .accessLog()
            .slice(before)
            .map((line) => line.upstreams.at(-1)),
        );
      },
      { timeout: 30_000 },
    )
    .toEqual(new Set([one, two]));

  // a mold request with a photo and a lab report uploaded ahead, then the form
  const email = `cluster.one.${Date.now()}@example.com`;
  const key = await formKey();
  const photoId = await uploadAhead(key, "photo", await photo(), "basement.jpg");
  const reportId = await uploadAhead(key, "report", await report(), "spores.pdf");
  expect(await postQuote(email, key, [photoId, reportId])).toBe(302);
  const uploads = answeredBy("POST", "/quotes/uploads");
  const [form] = answeredBy("POST", "/quotes/mold-remediation");
  // the form was taken by the server that did not store at least one of its files
  expect(uploads.some((server) => server !== form)).toBe(true);

  // the status link works on both servers, with both files
  const status = await statusPath(email);
  const fileLinks = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const page = await api.get(status);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("spores.pdf");
    for (const m of html.matchAll(/href="(\/quotes\/status\/[^"]+\/files\/[^"]+)"/g)) {
      fileLinks.add(m[1] as string);
    }
  }
  expect(new Set(answeredBy("GET", "/quotes/status/:token"))).toEqual(new Set([one, two]));
  expect(fileLinks.size).toBe(2);
  for (const link of fileLinks) {
    for (let i = 0; i < 2; i++) {
      const file = await api.get(link);
      expect(file.status(), link).toBe(200);
      expect(file.headers()["content-type"]).toMatch(/^(image\/jpeg|application\/pdf)/);
    }
  }
  // the access log keeps no token
  expect(cluster.accessLog().some((line) => /\/quotes\/status\/(?!:token)/.test(line.path))).toBe(
    false,
  );

  // the lead alert and the confirmation: once each, though two outbox workers poll
  await expect.poll(() => mailsTo("leads@cluster.test", "New Mold").length).toBe(1);
  expect(mailsTo(email, "We received your")).toHaveLength(1);
});

test("sessions, two-factor and the admin's live updates work whichever server answers", async () => {
  const [one, two] = cluster.servers.map((s) => s.address);
  const context = () =>
    playwrightRequest.newContext({
      baseURL: cluster.origin,
      extraHTTPHeaders: { Origin: cluster.origin },
    });
  // sign-up, the mailed link and two-factor enrolment: each form may be answered by either server
  const enrolling = await context();
  const account = await createAccount(
    enrolling,
    ADMIN_EMAIL,
    PASSWORD,
    "Ada Cluster",
    linkFromSmtp,
  );
  const totpKey = await enrolTotp(enrolling, PASSWORD);
  await enrolling.dispose();

  // a new session through the password and two-factor forms, then used on both servers
  admin = await context();
  await signInOverHttp(admin, { ...account, totpKey });
  const before = cluster.accessLog().length;
  for (let i = 0; i < 4; i++) {
    const page = await admin.get("/admin/quotes", { maxRedirects: 0 });
    expect(page.status()).toBe(200);
  }
  const pages = cluster
    .accessLog()
    .slice(before)
    .filter((line) => line.path === "/admin/quotes");
  expect(new Set(pages.map((line) => line.upstreams.at(-1)))).toEqual(new Set([one, two]));

  // the live updates stream through nginx: quotes taken by either server reach it at once
  const cookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const abort = new AbortController();
  const stream = await fetch(`${cluster.origin}/admin/events`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toContain("text/event-stream");
  let received = "";
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      received += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  // the stream says 'ready' once its server listens: a change before that is not its to send
  await expect.poll(() => received.includes("event: ready")).toBe(true);
  const firstTaken = quotesTaken();
  // two posts in a row: one to each server
  expect(await postQuote(`cluster.live.a.${Date.now()}@example.com`)).toBe(302);
  expect(await postQuote(`cluster.live.b.${Date.now()}@example.com`)).toBe(302);
  const posts = answeredBy("POST", "/quotes/mold-remediation").slice(-2);
  expect(new Set(posts)).toEqual(new Set([one, two]));
  await expect
    .poll(() => received.match(/^event: quotes$/gm)?.length ?? 0)
    .toBeGreaterThanOrEqual(2);
  expect(quotesTaken()).toBe(firstTaken + 2);
  abort.abort();
  await reading;
});

test("an estimate sent by staff and accepted by the homeowner whichever server answers: one job, one deposit invoice, each mail once; the estimate link's page on both servers", async () => {
  const [one, two] = cluster.servers.map((s) => s.address);
  // staff ask a 50 % deposit on mold work, then send a requester an estimate
  await adminPost("/admin/settings", {
    deposit_water_filtration: "0",
    deposit_mold: "50",
    deposit_radon: "0",
  });
  const email = `cluster.estimate.${Date.now()}@example.com`;
  expect(await postQuote(email)).toBe(302);
  const quoteId = await quoteIdOf(email);
  const reference = await referenceOf(email);
  await sendEstimate(quoteId);
  const link = await estimatePath(email);

  // the link's page on both servers, as a private page
  const pages: string[] = [];
  for (let i = 0; i < 2; i++) {
    const page = await api.get(link);
    expect(page.status()).toBe(200);
    expect(page.headers()).toMatchObject({
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
      "referrer-policy": "no-referrer",
    });
    const html = await page.text();
    expect(html).toContain("Basement remediation");
    pages.push(html);
  }
  expect(new Set(answeredBy("GET", "/estimates/:token").slice(-2))).toEqual(new Set([one, two]));

  // accepted on one server, then again from the other tab on the other server: accepted once
  expect(await acceptEstimate(link, pages[0] as string, "Ann Q. Lee")).toBe(302);
  expect(await acceptEstimate(link, pages[1] as string, "Ann Q. Lee")).toBe(302);
  expect(new Set(answeredBy("POST", "/estimates/:token").slice(-2))).toEqual(new Set([one, two]));
  expect(await acceptanceRows(quoteId)).toEqual({ acceptances: 1, jobs: 1, deposits: 1 });
  for (let i = 0; i < 2; i++) {
    expect(await (await api.get(link)).text()).toContain("Ann Q. Lee");
  }

  // the signed copy, the company's alert and the deposit invoice ($1,200.00): once each
  await expect.poll(() => mailsTo(email, "Your signed estimate").length).toBe(1);
  await expect.poll(() => mailsTo("leads@cluster.test", `accepted: ${reference}`).length).toBe(1);
  await expect.poll(() => mailsTo(email, "Invoice ").length).toBe(1);
  expect(mailsTo(email, "Invoice ")[0]?.subject).toContain("$1,200.00");
  // the access log keeps no token
  expect(cluster.accessLog().some((line) => /^\/estimates\/(?!:token)/.test(line.path))).toBe(
    false,
  );
});

test("a visit booked whichever server answers, its time refused to a second request on the other server, its reminder sent once by two outbox workers", async () => {
  const [one, two] = cluster.servers.map((s) => s.address);
  // the admin does visits every day, all day, from an hour ahead
  const [row] = await sql<{ id: string }[]>`SELECT id FROM "user" WHERE email = ${ADMIN_EMAIL}`;
  const staffId = row?.id as string;
  await adminPost("/admin/schedule", { intent: "add-staff", staffId });
  const hours: Record<string, string> = { intent: "save-hours", staffId };
  for (let day = 0; day < 7; day++) {
    hours[`start_${day}`] = "00:00";
    hours[`end_${day}`] = "23:59";
  }
  await adminPost("/admin/schedule", hours);
  await adminPost("/admin/schedule", {
    intent: "save-settings",
    leadTimeHours: String(LEAD_TIME_HOURS),
    // the catalog's default lengths
    length_water_filtration: "60",
    length_mold: "120",
    length_radon_placement: "45",
    length_radon_pickup: "30",
  });

  // two requesters open their booking pages, both offered the same time
  const first = `cluster.visit.a.${Date.now()}@example.com`;
  const second = `cluster.visit.b.${Date.now()}@example.com`;
  expect(await postQuote(first)).toBe(302);
  expect(await postQuote(second)).toBe(302);
  const firstPage = `${await statusPath(first)}/visit`;
  const secondPage = `${await statusPath(second)}/visit`;
  const { slot, day } = await freeSlot(firstPage);
  const offered = await api.get(`${secondPage}${day}`);
  expect(await offered.text()).toContain(`value="${slot}"`);

  // the first books it on one server; the second, a moment later, on the other: refused
  expect(await bookVisit(firstPage, slot)).toBe(302);
  expect(await bookVisit(secondPage, slot)).toBe(409);
  expect(new Set(answeredBy("POST", VISIT_PAGE).slice(-2))).toEqual(new Set([one, two]));
  const firstId = await quoteIdOf(first);
  expect(await visitsOf(firstId)).toBe(1);
  expect(await visitsOf(await quoteIdOf(second))).toBe(0);
  // the booked visit on both servers' pages
  for (let i = 0; i < 2; i++) {
    const page = await api.get(firstPage);
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.text()).toContain("Mold inspection");
  }
  expect(new Set(answeredBy("GET", VISIT_PAGE).slice(-2))).toEqual(new Set([one, two]));

  // the calendar mails once; the reminder (the visit starts within 24 hours) is due at once:
  // both servers' workers queue due reminders before each round, one claim wins
  await expect.poll(() => mailsTo(first, "Your visit is booked").length).toBe(1);
  await expect.poll(() => mailsTo(ADMIN_EMAIL, "On your calendar").length).toBe(1);
  await expect.poll(() => mailsTo("leads@cluster.test", "Visit booked").length).toBe(1);
  await expect.poll(() => mailsTo(first, "Reminder: your mold inspection").length).toBe(1);
  const [reminders] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM mail_outbox
    WHERE kind = 'visit_reminder' AND quote_id = ${firstId}`;
  expect(reminders?.n).toBe(1);
});

test("a blog image uploaded through one server is served by the other", async () => {
  const [one, two] = cluster.servers.map((s) => s.address);
  const png = await sharp({
    create: { width: 200, height: 120, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(png)], "radon-fan.png", { type: "image/png" }));
  const upload = await staff().post("/admin/blog/uploads.json", { multipart: form });
  expect(upload.status(), await upload.text()).toBe(201);
  const { image } = (await upload.json()) as { image: { hash: string; widths: number[] } };
  const bodies: Buffer[] = [];
  for (const format of ["webp", "avif"]) {
    const url = `/uploads/${image.hash}-${image.widths[0]}.${format}`;
    for (let i = 0; i < 2; i++) {
      const file = await api.get(url);
      expect(file.status(), url).toBe(200);
      expect(file.headers()["content-type"]).toBe(`image/${format}`);
      bodies.push(await file.body());
    }
    expect(new Set(answeredBy("GET", url))).toEqual(new Set([one, two]));
  }
  // each variant the same bytes from either server
  expect(bodies[0]?.equals(bodies[1] as Buffer)).toBe(true);
  expect(bodies[2]?.equals(bodies[3] as Buffer)).toBe(true);
});

test("SIGKILL on one server in the middle of a quote, an estimate acceptance and a booking: the other takes the rest, nothing acknowledged is lost, no mail twice, the killed one rejoins; one rate-limit budget for both", async () => {
  // a requester waits for an estimate, another is about to book a visit
  const estimateEmail = `cluster.kill.estimate.${Date.now()}@example.com`;
  const visitEmail = `cluster.kill.visit.${Date.now()}@example.com`;
  expect(await postQuote(estimateEmail)).toBe(302);
  expect(await postQuote(visitEmail)).toBe(302);
  const quoteId = await quoteIdOf(estimateEmail);
  const visitQuoteId = await quoteIdOf(visitEmail);
  // the server that acknowledges the estimate's sending is the one killed
  const victimAddress = await sendEstimate(quoteId);
  const index = cluster.servers.findIndex((s) => s.address === victimAddress);
  const victim = cluster.servers[index] as (typeof cluster.servers)[0];
  const survivor = cluster.servers[1 - index] as (typeof cluster.servers)[0];
  const link = await estimatePath(estimateEmail);
  const visitPage = `${await statusPath(visitEmail)}/visit`;

  // the estimate page and the booking page come from it; a third requester's form has a photo
  // it stored (requests alternate: the next after the survivor's answer is the victim's)
  const estimatePage = await getFrom(victim.address, link, "/estimates/:token");
  const { slot } = await freeSlot(visitPage, victim.address);
  const email = `cluster.two.${Date.now()}@example.com`;
  const key = await formKey();
  await getFrom(survivor.address, "/readyz", "/readyz");
  const photoId = await uploadAhead(key, "photo", await photo(), "attic.jpg");
  expect(answeredBy("POST", "/quotes/uploads").at(-1), "the victim stored the photo").toBe(
    victim.address,
  );
  // then it dies, with nothing in its outbox worker's hands (every mail so far is out)
  await expectEveryMailOnce();
  victim.process.kill("SIGKILL");
  await victim.exited;
  const killedAt = cluster.accessLog().length;

  // the rest goes to the survivor (nginx moves on from the refused connection): the quote's
  // second file and its form, the acceptance, the booking
  const reportId = await uploadAhead(key, "report", await report(), "lab.pdf");
  expect(await postQuote(email, key, [photoId, reportId])).toBe(302);
  expect(await acceptEstimate(link, await estimatePage.text(), "Ann Q. Lee")).toBe(302);
  expect(await bookVisit(visitPage, slot)).toBe(302);
  for (let i = 0; i < 4; i++) expect((await api.get("/readyz")).status()).toBe(200);
  const afterKill = cluster.accessLog().slice(killedAt);
  expect(afterKill.every((line) => line.status < 500)).toBe(true);
  expect(new Set(afterKill.map((line) => line.upstreams.at(-1)))).toEqual(
    new Set([survivor.address]),
  );

  // every acknowledged request is there: the quote with its files (one stored by the dead
  // server), the estimate the dead server sent accepted once with its job and deposit, the visit
  const status = await statusPath(email);
  const html = await (await api.get(status)).text();
  expect(html).toContain("attic.jpg");
  expect(html).toContain("lab.pdf");
  expect(await acceptanceRows(quoteId)).toEqual({ acceptances: 1, jobs: 1, deposits: 1 });
  expect(await visitsOf(visitQuoteId)).toBe(1);
  // no mail twice
  await expect.poll(() => mailsTo("leads@cluster.test", "New Mold").length).toBe(quotesTaken());
  await expect.poll(() => mailsTo(estimateEmail, "Your signed estimate").length).toBe(1);
  await expect.poll(() => mailsTo(estimateEmail, "Invoice ").length).toBe(1);
  await expect.poll(() => mailsTo(visitEmail, "Your visit is booked").length).toBe(1);
  await expect.poll(() => mailsTo(visitEmail, "Reminder: your mold inspection").length).toBe(1);

  // the killed server starts again and takes its share
  const restarted = await cluster.restart(index);
  await rejoins(restarted.address);

  // one budget for both servers: the rest of it taken, then 429 on either server
  const left = QUOTE_BUDGET - quotesTaken();
  expect(left).toBeGreaterThan(1);
  for (let i = 0; i < left; i++) {
    expect(await postQuote(`cluster.budget.${i}.${Date.now()}@example.com`)).toBe(302);
  }
  for (let i = 0; i < 2; i++) {
    expect(await postQuote(`cluster.over.${i}.${Date.now()}@example.com`)).toBe(429);
  }
  const budget = answeredBy("POST", "/quotes/mold-remediation").slice(-(left + 2));
  expect(new Set(budget)).toEqual(new Set([victim.address, survivor.address]));
  expect(new Set(budget.slice(-2)), "both servers refused").toEqual(
    new Set([victim.address, survivor.address]),
  );

  // all mail delivered once: two workers, a killed one, none sent twice
  // each mail is its own outbox row: the alerts can all be out while a confirmation is in flight
  const recipients = () =>
    cluster.smtp.received.filter((m) => m.subject.includes("We received")).flatMap((m) => m.to);
  await expect.poll(() => mailsTo("leads@cluster.test", "New Mold").length).toBe(QUOTE_BUDGET);
  await expect.poll(() => recipients().length).toBe(QUOTE_BUDGET);
  expect(new Set(recipients()).size).toBe(QUOTE_BUDGET);
  // and every other mail of the file, the restarted worker's round and the visits' reminders
  // included, though both workers ran all along
  await expectEveryMailOnce();
  for (const [to, subject] of [
    [estimateEmail, "Your signed estimate"],
    [estimateEmail, "Invoice "],
    [visitEmail, "Your visit is booked"],
  ] as const) {
    expect(mailsTo(to, subject), subject).toHaveLength(1);
  }
  expect(cluster.smtp.received.filter((m) => m.subject.startsWith("Reminder: your"))).toHaveLength(
    2,
  );
});
