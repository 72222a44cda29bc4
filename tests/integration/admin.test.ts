import { and, desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { addProperty } from "~/features/accounts/properties.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { analytics, dashboardCounts } from "~/features/admin/analytics.server";
import { quoteListWhere } from "~/features/admin/quotes.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { endLiveStreams, liveEventsResponse } from "~/lib/realtime.server";
import type { SessionUser } from "~/lib/session.server";
import { adminMiddleware, adminSessionStillValid, requireAdmin } from "~/lib/session.server";
import * as analyticsRoute from "~/routes/admin/analytics";
import * as customerRoute from "~/routes/admin/customer";
import * as customersRoute from "~/routes/admin/customers";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as signatureRoute from "~/routes/admin/estimate-signature";
import * as eventsRoute from "~/routes/admin/events";
import * as layoutRoute from "~/routes/admin/layout";
import * as priceBookRoute from "~/routes/admin/price-book";
import * as quoteRoute from "~/routes/admin/quote";
import * as quotesRoute from "~/routes/admin/quotes";
import * as exportRoute from "~/routes/admin/quotes-export";
import * as statusRoute from "~/routes/quotes/status";
import { contextFor, makeUser, ORIGIN, requestTo, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { contact, formData, validAnswers } from "../setup/forms";
import { type CapturedLogs, captureLogs } from "../setup/logs";

async function submit(
  service: keyof typeof validAnswers,
  fields: Record<string, string | readonly string[]> = {},
  userId: string | null = null,
): Promise<string> {
  const outcome = await submitQuoteRequest(
    service,
    formData({ ...validAnswers[service], ...fields }),
    { clientIp: `198.51.100.${Math.floor(Math.random() * 200)}`, owner: { userId } },
  );
  if (outcome.ok !== true) throw new Error(`quote not created: ${JSON.stringify(outcome)}`);
  return outcome.quoteId;
}

const mailFor = (quoteId: string, kind: string) =>
  db
    .select()
    .from(schema.mail_outbox)
    .where(and(eq(schema.mail_outbox.quote_id, quoteId), eq(schema.mail_outbox.kind, kind)));

const historyOf = (quoteId: string) =>
  db
    .select()
    .from(schema.quote_status_history)
    .where(eq(schema.quote_status_history.quote_id, quoteId));

/** Opening a fresh database can take over a minute when the shared machine is busy. */
const SLOW = 180_000;

const statusLinkIn = (text: string) => text.match(/\/quotes\/status\/([A-Za-z0-9_-]+)/)?.[1] ?? "";

/** Reads a streamed response until `until` appears in it (or the stream ends). */
async function readUntil(body: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text, done: true, reader };
    text += decoder.decode(value, { stream: true });
    if (until(text)) return { text, done: false, reader };
  }
}

describe.each(drivers)("admin back office on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  /** the security events a test reads (the test database logs nothing otherwise) */
  let logs: CapturedLogs | undefined;
  beforeEach(async () => {
    database = await freshDatabase(driver, { ADMIN_EMAILS: "Boss@Example.com, other@example.com" });
    admin = await makeUser("admin@example.com", { admin: true, totp: true, fullName: "Ada Admin" });
  }, SLOW);
  afterEach(async () => {
    logs?.restore();
    logs = undefined;
    await database.dispose();
  });

  describe("role x route matrix", () => {
    it("lets only a two-factor admin through every /admin loader, action, stream and export", async () => {
      const customerA = await makeUser("a@example.com");
      const customerB = await makeUser("b@example.com");
      const adminWithoutTotp = await makeUser("no-totp@example.com", { admin: true });
      const quoteOfB = await submit("mold", { email: "b@example.com" }, customerB.id);

      const endpoints: {
        name: string;
        fn: (args: never) => unknown;
        path: string;
        params?: Record<string, string>;
        form?: Record<string, string>;
        /** what the admin gets */
        adminStatus: number;
      }[] = [
        { name: "layout", fn: layoutRoute.loader, path: "/admin", adminStatus: 200 },
        { name: "index", fn: dashboardRoute.loader, path: "/admin", adminStatus: 200 },
        {
          name: "dashboard",
          fn: dashboardRoute.loader,
          path: "/admin/dashboard",
          adminStatus: 200,
        },
        {
          name: "quotes",
          fn: quotesRoute.loader,
          path: "/admin/quotes?q=b%40example.com",
          adminStatus: 200,
        },
        {
          name: "quote",
          fn: quoteRoute.loader,
          path: `/admin/quotes/${quoteOfB}`,
          params: { id: quoteOfB },
          adminStatus: 200,
        },
        {
          name: "quote action",
          fn: quoteRoute.action,
          path: `/admin/quotes/${quoteOfB}`,
          params: { id: quoteOfB },
          form: { status: "rejected", expectedStatus: "in_progress" },
          adminStatus: 400,
        },
        {
          name: "quote action (save estimate draft)",
          fn: quoteRoute.action,
          path: `/admin/quotes/${quoteOfB}`,
          params: { id: quoteOfB },
          form: { intent: "save-estimate", "options[0].name": "" },
          adminStatus: 400,
        },
        {
          name: "quote action (send estimate)",
          fn: quoteRoute.action,
          path: `/admin/quotes/${quoteOfB}`,
          params: { id: quoteOfB },
          form: { intent: "send-estimate", "options[0].name": "" },
          adminStatus: 400,
        },
        {
          name: "signature",
          fn: signatureRoute.loader,
          path: `/admin/quotes/${quoteOfB}/signature.png`,
          params: { id: quoteOfB },
          adminStatus: 404,
        },
        {
          name: "price book",
          fn: priceBookRoute.loader,
          path: "/admin/price-book",
          adminStatus: 200,
        },
        {
          name: "price book action",
          fn: priceBookRoute.action,
          path: "/admin/price-book",
          form: { intent: "add", name: "" },
          adminStatus: 400,
        },
        {
          name: "customers",
          fn: customersRoute.loader,
          path: "/admin/customers",
          adminStatus: 200,
        },
        {
          name: "customer",
          fn: customerRoute.loader,
          path: `/admin/customers/${customerB.id}`,
          params: { id: customerB.id },
          adminStatus: 200,
        },
        {
          name: "customer action",
          fn: customerRoute.action,
          path: `/admin/customers/${customerB.id}`,
          params: { id: customerB.id },
          form: { intent: "bogus" },
          adminStatus: 400,
        },
        {
          name: "analytics",
          fn: analyticsRoute.loader,
          path: "/admin/analytics",
          adminStatus: 200,
        },
        {
          name: "export",
          fn: exportRoute.loader,
          path: "/admin/quotes/export.csv",
          adminStatus: 200,
        },
        { name: "live stream", fn: eventsRoute.loader, path: "/admin/events", adminStatus: 200 },
        // last: the admin's call really grants customer A admin rights
        {
          name: "customer action (grant)",
          fn: customerRoute.action,
          path: `/admin/customers/${customerA.id}`,
          params: { id: customerA.id },
          form: { intent: "grant" },
          adminStatus: 302,
        },
      ];
      const adminIds = async () =>
        (await db.select().from(schema.profiles).where(eq(schema.profiles.is_admin, true)))
          .map((p) => p.id)
          .sort();
      const admins = [admin.id, adminWithoutTotp.id].sort();

      for (const endpoint of endpoints) {
        const call = (user: SessionUser | null) =>
          run(endpoint.fn, {
            request: requestTo(endpoint.path, endpoint.form),
            context: contextFor(user),
            params: endpoint.params,
          });
        const guest = await call(null);
        expect(guest.status, `${endpoint.name} as guest`).toBe(302);
        // a form post without a session comes from a page rendered while signed in: it says so
        const ended = endpoint.form ? "&session=ended" : "";
        expect(guest.location).toBe(
          `/auth/signin?redirectTo=${encodeURIComponent(endpoint.path)}${ended}`,
        );

        for (const customer of [customerA, customerB]) {
          const refused = await call(customer);
          expect(refused.status, `${endpoint.name} as ${customer.email}`).toBe(302);
          expect(refused.location).toBe("/");
          expect(await toastIn(refused.setCookie)).toEqual({
            type: "error",
            title: "Access Denied",
            description: "You don't have admin privileges to access this area.",
          });
        }

        const noTotp = await call(adminWithoutTotp);
        expect(noTotp.status, `${endpoint.name} as admin without TOTP`).toBe(302);
        expect(noTotp.location).toBe("/account/profile");
        expect((await toastIn(noTotp.setCookie))?.title).toBe("Two-factor authentication required");
        // no refused call granted anything
        expect(await adminIds(), `${endpoint.name}: admins after refusals`).toEqual(admins);

        const allowed = await call(admin);
        expect(allowed.status, `${endpoint.name} as admin`).toBe(endpoint.adminStatus);
        if (allowed.value instanceof Response) await allowed.value.body?.cancel();
      }
      // the grant the customers tried was a real one: the admin's same request made A an admin
      expect(await adminIds()).toEqual([...admins, customerA.id].sort());

      // the live stream opened for the admin is an event stream
      const controller = new AbortController();
      const stream = await run(eventsRoute.loader, {
        request: new Request(`${ORIGIN}/admin/events`, { signal: controller.signal }),
        context: contextFor(admin),
      });
      expect(stream.status).toBe(200);
      expect((stream.value as Response).headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      controller.abort();

      // nothing was changed by the refused actions
      const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteOfB));
      expect(quote?.current_status).toBe("pending");
      expect(await historyOf(quoteOfB)).toHaveLength(1);
      expect(await db.select().from(schema.estimates)).toHaveLength(0);
      expect(await db.select().from(schema.price_book_items)).toHaveLength(0);
    });

    it("checks the layout middleware too, and ends admin sessions 12 hours after sign-in", async () => {
      const customer = await makeUser("c@example.com");
      let reached = false;
      const next = async () => {
        reached = true;
        return new Response("ok");
      };
      const refused = await run(
        adminMiddleware as never,
        {
          request: requestTo("/admin/quotes"),
          context: contextFor(customer),
          next,
        } as never,
      );
      expect(refused.location).toBe("/");
      expect(reached).toBe(false);

      const old = await makeUser("old@example.com", {
        admin: true,
        totp: true,
        signedInAt: new Date(Date.now() - 12 * 3600 * 1000 - 60_000),
      });
      const expired = await run(dashboardRoute.loader, {
        request: requestTo("/admin/dashboard"),
        context: contextFor(old),
      });
      expect(expired.location).toBe("/auth/signin?redirectTo=%2Fadmin%2Fdashboard&session=ended");
      expect(
        await db.select().from(schema.session).where(eq(schema.session.id, old.sessionId)),
      ).toEqual([]);
    });

    it("answers a failed admin check with 'Authentication Error' and a redirect to /, logged as a security event", async () => {
      logs = captureLogs("info");
      await database.close();
      const failed = await run(dashboardRoute.loader, {
        request: requestTo("/admin/dashboard?page=2"),
        context: contextFor(admin),
      });
      await database.reopen();
      const events = logs.lines().filter((l) => l.event === "admin.check_failed");
      expect(events).toEqual([
        expect.objectContaining({
          security: true,
          level: 50,
          userId: admin.id,
          path: "/admin/dashboard",
          clientIp: "192.0.2.50",
        }),
      ]);
      expect(failed.status).toBe(302);
      expect(failed.location).toBe("/");
      expect(await toastIn(failed.setCookie)).toEqual({
        type: "error",
        title: "Authentication Error",
        description: "There was an error verifying your admin status.",
      });
    });

    it("sees a revoked admin as a customer at the next request", async () => {
      const context = contextFor({ ...admin });
      await db
        .update(schema.profiles)
        .set({ is_admin: false })
        .where(eq(schema.profiles.id, admin.id));
      await expect(requireAdmin(requestTo("/admin/quotes"), context)).rejects.toMatchObject({
        status: 302,
      });
    });
  });

  describe("who is an admin", () => {
    it("makes a verified ADMIN_EMAILS account an admin when it signs in, and nobody else", async () => {
      const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.77" });
      for (const email of ["boss@example.com", "worker@example.com"]) {
        await auth().api.signUpEmail({
          body: { email, password: "correct horse 42", name: "x" },
          headers,
        });
        await db
          .update(schema.user)
          .set({ emailVerified: true })
          .where(eq(schema.user.email, email));
        const outcome = await signIn(email, "correct horse 42", headers);
        expect(outcome.ok).toBe(true);
      }
      const rows = await db
        .select({ email: schema.user.email, isAdmin: schema.profiles.is_admin })
        .from(schema.user)
        .leftJoin(schema.profiles, eq(schema.profiles.id, schema.user.id));
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.isAdmin ?? false]));
      expect(byEmail["boss@example.com"]).toBe(true);
      expect(byEmail["worker@example.com"]).toBe(false);
    });

    it("grants and revokes from the customer page, never one's own rights, logging who, whom and when", async () => {
      const customer = await makeUser("d@example.com");
      logs = captureLogs("info");
      const started = Date.now();
      const isAdmin = async (id: string) =>
        (await db.select().from(schema.profiles).where(eq(schema.profiles.id, id)))[0]?.is_admin;
      const post = (id: string, intent: string) =>
        run(customerRoute.action, {
          request: requestTo(`/admin/customers/${id}`, { intent }),
          context: contextFor(admin),
          params: { id },
        });

      const granted = await post(customer.id, "grant");
      expect(granted.status).toBe(302);
      expect((await toastIn(granted.setCookie))?.title).toBe("Admin rights granted");
      expect(await isAdmin(customer.id)).toBe(true);

      expect((await post(customer.id, "revoke")).status).toBe(302);
      expect(await isAdmin(customer.id)).toBe(false);

      const own = await post(admin.id, "revoke");
      expect(own.status).toBe(400);
      expect(own.value).toEqual({ error: "You cannot change your own admin rights." });
      expect(await isAdmin(admin.id)).toBe(true);

      const unknown = await post("no-such-user", "grant");
      expect(unknown.status).toBe(404);

      const changes = logs
        .lines()
        .filter((l) => l.event === "admin.grant" || l.event === "admin.revoke");
      // one line per change that happened: the refused own change and unknown id log none
      expect(changes.map((l) => l.event)).toEqual(["admin.grant", "admin.revoke"]);
      for (const line of changes) {
        expect(line).toMatchObject({ security: true, userId: customer.id, grantedBy: admin.id });
        const at = Date.parse(String(line.at));
        expect(at).toBeGreaterThanOrEqual(started);
        expect(at).toBeLessThanOrEqual(Date.now());
      }
    });
  });

  describe("customers", () => {
    const customers = async (search: string) => {
      const outcome = await run(customersRoute.loader, {
        request: requestTo(`/admin/customers${search}`),
        context: contextFor(admin),
      });
      return outcome.value as Awaited<ReturnType<typeof customersRoute.loader>>;
    };
    const joinedAt = (id: string, at: string) =>
      db
        .update(schema.user)
        .set({ createdAt: new Date(at) })
        .where(eq(schema.user.id, id));

    it("lists every account newest first with Name (N/A when empty), ID, Join Date and Admin Status, searchable by name, id and email", async () => {
      const zed = await makeUser("zed.zimmer@example.com", { fullName: "Zed Zimmer" });
      const nameless = await makeUser("nameless@example.com", { fullName: null });
      const blank = await makeUser("blank@example.com", { fullName: "   " });
      // an account that never finished profile setup has no profiles row at all
      const noProfile = "00000000-0000-4000-8000-00000000c0de";
      await db.insert(schema.user).values({
        id: noProfile,
        name: "np",
        email: "no.profile@example.com",
        emailVerified: true,
      });
      await joinedAt(admin.id, "2024-01-10T12:00:00Z");
      await joinedAt(zed.id, "2024-02-10T12:00:00Z");
      await joinedAt(nameless.id, "2024-03-10T12:00:00Z");
      await joinedAt(noProfile, "2024-04-10T12:00:00Z");
      await joinedAt(blank.id, "2024-05-10T12:00:00Z");

      const all = await customers("");
      expect(all.total).toBe(5);
      expect(all.customers.map((c) => [c.id, c.name, c.adminStatus])).toEqual([
        [blank.id, "N/A", "User"],
        [noProfile, "N/A", "User"],
        [nameless.id, "N/A", "User"],
        [zed.id, "Zed Zimmer", "User"],
        [admin.id, "Ada Admin", "Admin"],
      ]);
      expect(all.customers.find((c) => c.id === zed.id)?.joined).toMatch(/2024/);

      const found = async (q: string) =>
        (await customers(`?q=${encodeURIComponent(q)}`)).customers.map((c) => c.id);
      expect(await found("zimmer")).toEqual([zed.id]);
      expect(await found("ZED ZIM")).toEqual([zed.id]);
      expect(await found("zed.zimmer@EXAMPLE.com")).toEqual([zed.id]);
      expect(await found("no.profile@")).toEqual([noProfile]);
      expect(await found(zed.id)).toEqual([zed.id]);
      expect(await found(zed.id.slice(0, 8).toUpperCase())).toEqual([zed.id]);
      expect(await found(noProfile.slice(0, 12))).toEqual([noProfile]);
      expect(await found("%")).toEqual([]);
      expect(await found("nobody at all")).toEqual([]);
      expect((await customers("?q=nobody")).total).toBe(0);
    });

    it("shows a customer's profile, own properties and own quotes, and nobody else's", async () => {
      const customerA = await makeUser("amy@example.com", { fullName: "Amy Able" });
      const customerB = await makeUser("ben@example.com", { fullName: "Ben Baker" });
      const home = await addProperty(customerA.id, {
        address: "12 Alder Lane",
        city: "Logan",
        state: "UT",
        zipCode: "84321",
      });
      await addProperty(customerB.id, {
        address: "99 Birch Road",
        city: "Ogden",
        state: "UT",
        zipCode: "84401",
      });
      const quoteOfA = await submit(
        "radon",
        { email: "amy@example.com", details: "Basement of Amy", propertyId: home?.id ?? "" },
        customerA.id,
      );
      const quoteOfB = await submit(
        "mold",
        { email: "ben@example.com", details: "Attic of Ben" },
        customerB.id,
      );
      // a guest using A's address is not A's account
      const guestQuote = await submit("mold", { email: "amy@example.com", details: "Guest mold" });

      const page = await run(customerRoute.loader, {
        request: requestTo(`/admin/customers/${customerA.id}`),
        context: contextFor(admin),
        params: { id: customerA.id },
      });
      const shown = page.value as Awaited<ReturnType<typeof customerRoute.loader>>;
      expect(shown).toMatchObject({
        id: customerA.id,
        name: "Amy Able",
        email: "amy@example.com",
        emailVerified: true,
        isAdmin: false,
        isSelf: false,
      });
      expect(shown.properties.map((p) => p.line)).toEqual(["12 Alder Lane, Logan, UT 84321"]);
      expect(shown.quotes.map((q) => q.id)).toEqual([quoteOfA]);
      expect(shown.quotes[0]).toMatchObject({ service: "Radon Remediation" });
      const text = JSON.stringify(shown);
      for (const other of ["Ben", "Birch", quoteOfB, guestQuote, "Guest mold", "Attic of Ben"]) {
        expect(text).not.toContain(other);
      }

      const unknown = await run(customerRoute.loader, {
        request: requestTo("/admin/customers/no-such-id"),
        context: contextFor(admin),
        params: { id: "no-such-id" },
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe("status change", () => {
    const change = (id: string, form: Record<string, string>) =>
      run(quoteRoute.action, {
        request: requestTo(`/admin/quotes/${id}`, form),
        context: contextFor(admin),
        params: { id },
      });

    it("updates the status, appends history with who and notes, and queues the requester's mail", async () => {
      const id = await submit("radon", {
        email: "guest.one@example.com",
        previousTesting: "on",
        previousResults: "5.1",
      });
      const outcome = await change(id, {
        status: "approved",
        expectedStatus: "pending",
        notes: "Call Tuesday",
      });
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe(`/admin/quotes/${id}`);

      const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
      expect(quote?.current_status).toBe("approved");
      const history = await historyOf(id);
      expect(history.map((h) => h.status).sort()).toEqual(["approved", "pending"]);
      const row = history.find((h) => h.status === "approved");
      expect(row).toMatchObject({ changed_by: admin.id, notes: "Call Tuesday" });

      const [mail] = await mailFor(id, "status_change");
      expect(mail?.to_address).toBe("guest.one@example.com");
      expect(mail?.subject).toMatch(/is now Approved/);
      expect(mail?.text_body).not.toContain("Call Tuesday");
      expect(statusLinkIn(mail?.text_body ?? "")).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // the detail page shows it, newest first
      const page = await run(quoteRoute.loader, {
        request: requestTo(`/admin/quotes/${id}`),
        context: contextFor(admin),
        params: { id },
      });
      const detail = page.value as Awaited<ReturnType<typeof quoteRoute.loader>>;
      expect(detail.history[0]).toMatchObject({
        status: "approved",
        by: "Ada Admin",
        notes: "Call Tuesday",
      });
      expect(detail.triage.map((f) => f.label)).toEqual([
        "Above EPA action level: mitigation recommended",
      ]);
      expect(detail.answers).toContainEqual(["Previous results", "5.1"]);
      expect(detail.nextStatuses).toEqual(["in_progress", "rejected"]);
    });

    it.each(["water_filtration", "mold", "radon"] as const)(
      "shows the %s answers on the admin quote page as the lead alert lists them, with the SPEC's labels",
      async (service) => {
        const id = await submit(service, { previousTesting: "on", previousResults: "5.1" });
        const page = await run(quoteRoute.loader, {
          request: requestTo(`/admin/quotes/${id}`),
          context: contextFor(admin),
          params: { id },
        });
        const { answers } = page.value as Awaited<ReturnType<typeof quoteRoute.loader>>;
        expect(answers.length).toBeGreaterThan(5);
        const [alert] = await mailFor(id, "lead_alert");
        const listed = (alert?.text_body ?? "").split("\n").map((line) => line.trim());
        for (const [label, value] of answers) {
          expect(listed).toContainEqual(`${`${label}:`.padEnd(24)} ${value}`);
        }
        if (service === "radon") expect(answers).toContainEqual(["Previous results", "5.1"]);
      },
    );

    it("gives one of two simultaneous changes and a clear conflict to the other", async () => {
      const id = await submit("mold");
      const [first, second] = await Promise.all([
        change(id, { status: "approved", expectedStatus: "pending" }),
        change(id, { status: "rejected", expectedStatus: "pending" }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([302, 409]);
      const conflict = [first, second].find((o) => o.status === 409);
      expect(JSON.stringify(conflict?.value)).toContain(
        "This quote was changed by someone else; reload to see it",
      );
      expect(await historyOf(id)).toHaveLength(2);
      expect(await mailFor(id, "status_change")).toHaveLength(1);
    });

    it("refuses a transition that is not allowed, and a bad id, writing nothing", async () => {
      const id = await submit("water_filtration");
      const refused = await change(id, { status: "completed", expectedStatus: "pending" });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.value)).toContain(
        "A quote that is Pending cannot become Completed.",
      );
      const invalid = await change(id, { status: "archived", expectedStatus: "pending" });
      expect(invalid.status).toBe(400);
      const tooLong = await change(id, {
        status: "approved",
        expectedStatus: "pending",
        notes: "x".repeat(2001),
      });
      expect(tooLong.status).toBe(400);
      expect(JSON.stringify(tooLong.value)).toContain("Notes can be at most 2000 characters");
      for (const badId of ["not-a-uuid", "-".repeat(36), "00000000-0000-4000-8000-000000000000"]) {
        expect(
          (await change(badId, { status: "approved", expectedStatus: "pending" })).status,
        ).toBe(404);
        const page = await run(quoteRoute.loader, {
          request: requestTo(`/admin/quotes/${badId}`),
          context: contextFor(admin),
          params: { id: badId },
        });
        expect(page.status).toBe(404);
      }
      const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
      expect(quote?.current_status).toBe("pending");
      expect(await historyOf(id)).toHaveLength(1);
      expect(await mailFor(id, "status_change")).toHaveLength(0);
    });
  });

  describe("status link", () => {
    const statusPage = (token: string) =>
      run(statusRoute.loader, {
        request: requestTo(`/quotes/status/${token}`),
        context: contextFor(null),
        params: { token },
      });

    it("is in the confirmation mail, shows the current status without notes, and a new one comes with each change", async () => {
      const id = await submit("mold", { email: "guest.two@example.com" });
      const [confirmation] = await mailFor(id, "quote_confirmation");
      const first = statusLinkIn(confirmation?.text_body ?? "");
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await db.select().from(schema.quote_status_links);
      expect(stored.map((s) => s.token_hash)).not.toContain(first);

      const before = await statusPage(first);
      expect(before.value).toMatchObject({
        reference: id.slice(0, 8),
        status: "pending",
        service: "Mold Remediation",
      });

      await run(quoteRoute.action, {
        request: requestTo(`/admin/quotes/${id}`, {
          status: "approved",
          expectedStatus: "pending",
          notes: "secret note",
        }),
        context: contextFor(admin),
        params: { id },
      });
      const [mail] = await mailFor(id, "status_change");
      const second = statusLinkIn(mail?.text_body ?? "");
      expect(second).not.toBe(first);
      for (const token of [first, second]) {
        const page = await statusPage(token);
        expect(page.value).toMatchObject({ status: "approved" });
        expect((page.value as { history: unknown[] }).history).toHaveLength(2);
        expect(JSON.stringify(page.value)).not.toContain("secret note");
        expect(JSON.stringify(page.value)).not.toContain("guest.two@example.com");
      }
      expect(statusRoute.headers()["X-Robots-Tag"]).toMatch(/noindex/);
    });

    it("answers 404 for an unknown or malformed token", async () => {
      await submit("mold");
      for (const token of ["A".repeat(43), "short", "../../etc"]) {
        expect((await statusPage(token)).status).toBe(404);
      }
    });
  });

  describe("quotes list", () => {
    const list = async (search: string) => {
      const outcome = await run(quotesRoute.loader, {
        request: requestTo(`/admin/quotes${search}`),
        context: contextFor(admin),
      });
      return outcome.value as Awaited<ReturnType<typeof quotesRoute.loader>>;
    };

    it("finds a quote by each searchable field, filters by status and service, sorts by urgency", async () => {
      const customer = await makeUser("owner@example.com", { fullName: "Priya Customer" });
      const property = await addProperty(customer.id, {
        address: "742 Evergreen Terrace",
        city: "Provo",
        state: "UT",
        zipCode: "84604",
      });
      const owned = await submit(
        "water_filtration",
        { email: "owner@example.com", details: "Rusty taps", propertyId: property?.id ?? "" },
        customer.id,
      );
      const guest = await submit("mold", {
        firstName: "Quentin",
        lastName: "Guestly",
        email: "quentin@example.net",
        phone: "435-555-0199",
        urgencyLevel: "emergency",
      });
      const plain = await submit("radon");

      const found = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).quotes.map((x) => x.id);
      expect(await found("rusty")).toEqual([owned]);
      expect(await found("evergreen")).toEqual([owned]);
      expect(await found("priya cust")).toEqual([owned]);
      expect(await found("Quentin Guest")).toEqual([guest]);
      expect(await found("QUENTIN@example")).toEqual([guest]);
      expect(await found("435-555-0199")).toEqual([guest]);
      expect(await found(plain.slice(0, 8))).toEqual([plain]);
      expect(await found("100%_")).toEqual([]);

      expect((await list("?service=radon")).quotes.map((x) => x.id)).toEqual([plain]);
      await run(quoteRoute.action, {
        request: requestTo(`/admin/quotes/${plain}`, {
          status: "approved",
          expectedStatus: "pending",
        }),
        context: contextFor(admin),
        params: { id: plain },
      });
      expect((await list("?status=approved")).quotes.map((x) => x.id)).toEqual([plain]);

      const newest = await list("");
      expect(newest.quotes.map((x) => x.id)).toEqual([plain, guest, owned]);
      const urgent = await list("?sort=urgency");
      expect(urgent.quotes[0]?.id).toBe(guest);
      expect(urgent.quotes[0]?.triage[0]?.label).toBe("Emergency: first in the inbox");
      const ownedRow = newest.quotes.find((x) => x.id === owned);
      expect(ownedRow).toMatchObject({
        customer: "Priya Customer",
        property: "742 Evergreen Terrace",
      });
      expect(newest.quotes.find((x) => x.id === guest)).toMatchObject({
        property: "N/A",
        isGuest: true,
      });
      expect(newest.quotes.find((x) => x.id === plain)?.waiting).toBeNull();
      expect(newest.quotes.find((x) => x.id === guest)?.waiting).toMatch(/min$/);
    });

    it("marks only a guest's request 'Guest' and names each triage flag's source as text", async () => {
      const nameless = await makeUser("nameless@example.com", { fullName: null });
      const owned = await submit(
        "radon",
        {
          firstName: "Nora",
          lastName: "Noname",
          email: "nameless@example.com",
          previousTesting: "on",
          previousResults: "5.1",
        },
        nameless.id,
      );
      const guest = await submit("mold", {
        firstName: "Gus",
        lastName: "Guestly",
        urgencyLevel: "emergency",
        symptomsConcerns: ["asthma"],
        affectedArea: "large",
      });
      const rows = (await list("")).quotes;
      // a signed-in customer without a full name is shown by the contact name, not as a guest
      expect(rows.find((r) => r.id === owned)).toMatchObject({
        customer: "Nora Noname",
        isGuest: false,
        triage: [
          { label: "Above EPA action level: mitigation recommended", source: "EPA radon guide" },
        ],
      });
      const guestRow = rows.find((r) => r.id === guest);
      expect(guestRow).toMatchObject({ customer: "Gus Guestly", isGuest: true });
      expect(guestRow?.triage.map((f) => [f.label, f.source])).toEqual([
        ["Emergency: first in the inbox", "Requester's answer"],
        ["Health priority: asthma or respiratory symptoms", "EPA mold guide"],
        ["Over 10 sq ft: professional remediation (EPA)", "EPA mold guide"],
      ]);

      // the quote's page gives the full source
      const page = await run(quoteRoute.loader, {
        request: requestTo(`/admin/quotes/${owned}`),
        context: contextFor(admin),
        params: { id: owned },
      });
      const detail = page.value as Awaited<ReturnType<typeof quoteRoute.loader>>;
      expect(detail.triage.map((f) => f.source)).toEqual([
        "EPA, A Citizen's Guide to Radon (action level 4 pCi/L; consider 2-4 pCi/L)",
      ]);
    });

    it("pages on the server, 25 to a page", async () => {
      for (let i = 0; i < 27; i++) await submit("radon", { details: `bulk ${i}` });
      const first = await list("?q=bulk");
      expect(first.total).toBe(27);
      expect(first.pageCount).toBe(2);
      expect(first.quotes).toHaveLength(25);
      const second = await list("?q=bulk&page=2");
      expect(second.quotes).toHaveLength(2);
      expect(new Set([...first.quotes, ...second.quotes].map((q) => q.id)).size).toBe(27);
    });

    it("serves the search from trigram indexes, so it does not read every quote", async () => {
      await submit("radon", { details: "smith basement" });
      // a handful of rows would be scanned anyway: forbid the scan to see which index can serve
      // the very expression the list's ILIKE uses
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await tx.execute(
          sql`EXPLAIN SELECT count(*) FROM ${schema.quotes} WHERE ${quoteListWhere({ q: "smith" })}`,
        );
        return JSON.stringify(rows);
      });
      expect(plan).toContain("quotes_search_trgm_idx");
      expect(plan).toContain("profiles_full_name_trgm_idx");
      // the job address is the quote's own copy (it outlives the property)
      expect(plan).toContain("quotes_property_address_trgm_idx");
      expect(plan).toContain("quotes_user_id_idx");
      expect(plan).not.toContain("Seq Scan on quotes");
    });
  });

  it("exports the filtered list as CSV with formula cells neutralised", async () => {
    const evil = await submit("mold", {
      details: '=HYPERLINK("http://evil.example","x")',
      lastName: "+Plus",
      firstName: "@At",
    });
    await submit("radon", { details: "-2+3" });
    await submit("water_filtration", { details: "harmless" });
    const outcome = await run(exportRoute.loader, {
      request: requestTo("/admin/quotes/export.csv?service=mold"),
      context: contextFor(admin),
    });
    const response = outcome.value as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="quotes-/);
    const text = await response.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Date,Service,Status,Estimate,Customer,Contact name,Email,Phone,ZIP code,Property,Description,Triage",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(evil.slice(0, 8));
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain("'@At +Plus");
    expect(lines[1]).not.toMatch(/,=|,\+|,@/);

    const all = await (
      (
        await run(exportRoute.loader, {
          request: requestTo("/admin/quotes/export.csv"),
          context: contextFor(admin),
        })
      ).value as Response
    ).text();
    expect(all).toContain("'-2+3");
    expect(all.trim().split("\r\n")).toHaveLength(4);
  });

  describe("CSV export order", () => {
    const exportReferences = async (search: string) => {
      const outcome = await run(exportRoute.loader, {
        request: requestTo(`/admin/quotes/export.csv${search}`),
        context: contextFor(admin),
      });
      const lines = (await (outcome.value as Response).text()).trim().split("\r\n");
      return lines.slice(1).map((line) => line.split(",")[0]);
    };
    const listReferences = async (search: string) => {
      const outcome = await run(quotesRoute.loader, {
        request: requestTo(`/admin/quotes${search}`),
        context: contextFor(admin),
      });
      return (outcome.value as Awaited<ReturnType<typeof quotesRoute.loader>>).quotes.map(
        (q) => q.reference,
      );
    };

    it("follows the list's urgency sort", async () => {
      const plain = await submit("mold", { details: "no flags" });
      const emergency = await submit("mold", { urgencyLevel: "emergency" });
      const radon = await submit("radon", { previousTesting: "on", previousResults: "4.5" });
      const newest = [radon, emergency, plain].map((id) => id.slice(0, 8));
      const urgent = [emergency, radon, plain].map((id) => id.slice(0, 8));
      expect(await listReferences("")).toEqual(newest);
      expect(await exportReferences("")).toEqual(newest);
      expect(await listReferences("?sort=urgency")).toEqual(urgent);
      expect(await exportReferences("?sort=urgency")).toEqual(urgent);
      // the page number is the list's only: the export is the whole filtered list
      expect(await exportReferences("?sort=urgency&service=mold&page=2")).toEqual([
        urgent[0],
        urgent[2],
      ]);
    });

    it(
      "exports thousands of rows over several batches of 1000, each once, in the list's order",
      async () => {
        // 2,600 quotes; three at each instant and four instants in a millisecond, so batches end
        // inside ties and within a millisecond (Postgres keeps microseconds, a JS Date does not)
        await db.execute(sql`
        INSERT INTO ${schema.quotes} (service, description, contact_first_name, contact_last_name,
          contact_email, contact_phone, zip_code, created_at, triage_score, current_status)
        SELECT 'radon', 'bulk ' || i, 'Bulk', 'Row', 'bulk' || i || '@example.com', '801-555-0100',
          '84101', timestamptz '2024-06-01 12:00:00+00' - (i / 3) * interval '250 microseconds',
          (i % 4) * 10, (CASE WHEN i % 5 = 0 THEN 'approved' ELSE 'pending' END)::quote_status
        FROM generate_series(1, 2600) AS i`);
        const q = schema.quotes;
        const byUrgency = [desc(q.triage_score), desc(q.created_at), desc(q.id)];
        const cases = [
          { search: "", where: undefined, order: [desc(q.created_at), desc(q.id)], count: 2600 },
          { search: "?sort=urgency", where: undefined, order: byUrgency, count: 2600 },
          {
            search: "?status=pending&sort=urgency",
            where: eq(q.current_status, "pending"),
            order: byUrgency,
            count: 2080,
          },
        ];
        for (const c of cases) {
          const exported = await exportReferences(c.search);
          const want = (
            await db
              .select({ id: q.id })
              .from(q)
              .where(c.where)
              .orderBy(...c.order)
          ).map((r) => r.id.slice(0, 8));
          expect(exported, c.search).toHaveLength(c.count);
          expect(exported, c.search).toEqual(want);
          expect((await listReferences(c.search)).length).toBe(25);
          expect(exported.slice(0, 25), c.search).toEqual(await listReferences(c.search));
          expect(exported.slice(25, 50), c.search).toEqual(
            await listReferences(`${c.search ? `${c.search}&` : "?"}page=2`),
          );
        }
      },
      SLOW,
    );
  });

  it("counts totals, this month, statuses, services and the median time to first change", async () => {
    const a = await submit("mold");
    await submit("mold");
    await submit("radon");
    await db
      .update(schema.quotes)
      .set({ created_at: new Date("2020-01-15T12:00:00Z") })
      .where(eq(schema.quotes.service, "radon"));
    await run(quoteRoute.action, {
      request: requestTo(`/admin/quotes/${a}`, { status: "approved", expectedStatus: "pending" }),
      context: contextFor(admin),
      params: { id: a },
    });
    // the first change came 3 hours after the request (moved forward, so the request itself
    // stays in this month whatever today's date is)
    await db
      .update(schema.quote_status_history)
      .set({
        created_at: sql`(SELECT created_at FROM quotes WHERE id = ${a}) + interval '3 hours'`,
      })
      .where(
        and(
          eq(schema.quote_status_history.quote_id, a),
          eq(schema.quote_status_history.status, "approved"),
        ),
      );
    const stats = (
      await run(analyticsRoute.loader, {
        request: requestTo("/admin/analytics"),
        context: contextFor(admin),
      })
    ).value as Awaited<ReturnType<typeof analyticsRoute.loader>>;
    expect(stats.total).toBe(3);
    expect(stats.thisMonth).toBe(2);
    expect(stats.byStatus).toEqual([
      { status: "pending", label: "Pending", count: 2 },
      { status: "approved", label: "Approved", count: 1 },
      { status: "rejected", label: "Rejected", count: 0 },
      { status: "in_progress", label: "In Progress", count: 0 },
      { status: "completed", label: "Completed", count: 0 },
    ]);
    expect(stats.byService.find((s) => s.service === "mold")?.count).toBe(2);
    expect(stats.medianHoursToFirstChange).toBeGreaterThan(2.9);
    expect(stats.medianHoursToFirstChange).toBeLessThan(3.1);

    const dashboard = (
      await run(dashboardRoute.loader, { request: requestTo("/admin"), context: contextFor(admin) })
    ).value as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    expect(dashboard.pending).toBe(2);
    expect(dashboard.thisMonth).toBe(2);
    expect(dashboard.oldestWaiting).toMatch(/ d$/);
  });

  it("counts 'Quotes This Month' in the company's time zone (America/Denver)", async () => {
    const ids = await Promise.all([
      submit("radon"),
      submit("radon"),
      submit("radon"),
      submit("radon"),
    ]);
    const times = [
      "2025-03-01T03:00:00Z", // Feb 28, 8 p.m. in Denver (MST): the month before
      "2025-03-01T07:30:00Z", // Mar 1, 00:30 in Denver: the first half hour of March
      "2025-04-01T05:00:00Z", // Mar 31, 11 p.m. in Denver (MDT since Mar 9): still March
      "2025-04-01T06:30:00Z", // Apr 1, 00:30 in Denver: the month after
    ];
    for (const [i, id] of ids.entries()) {
      await db
        .update(schema.quotes)
        .set({ created_at: new Date(times[i] as string) })
        .where(eq(schema.quotes.id, id));
    }
    // Mar 31, 11:15 p.m. in Denver, already April in UTC
    const now = new Date("2025-04-01T05:15:00Z");
    expect((await analytics(now)).thisMonth).toBe(2);
    expect((await dashboardCounts(now)).thisMonth).toBe(2);
    // mid-February in Denver: only the request of Feb 28, 8 p.m.
    expect((await analytics(new Date("2025-02-15T12:00:00Z"))).thisMonth).toBe(1);
    // Apr 1, 01:00 in Denver
    expect((await dashboardCounts(new Date("2025-04-01T07:00:00Z"))).thisMonth).toBe(1);
  });

  it("streams quote and profile changes to an admin until the client goes", async () => {
    const controller = new AbortController();
    const opened = await run(eventsRoute.loader, {
      request: new Request(`${ORIGIN}/admin/events`, { signal: controller.signal }),
      context: contextFor(admin),
    });
    const body = (opened.value as Response).body as ReadableStream<Uint8Array>;
    const ready = await readUntil(body, (t) => t.includes("event: ready"));
    ready.reader.releaseLock();
    const id = await submit("radon", { ...contact, email: "live@example.com" });
    const quotes = await readUntil(body, (t) => t.includes("event: quotes"));
    expect(quotes.text).toContain(id);
    quotes.reader.releaseLock();
    await makeUser("newcomer@example.com");
    const profiles = await readUntil(body, (t) => t.includes("event: profiles"));
    profiles.reader.releaseLock();
    controller.abort();
    const rest = await readUntil(body, () => false);
    expect(rest.done).toBe(true);
  });

  it("closes open streams at shutdown without 'end', so browsers reconnect to the next server", async () => {
    const opened = await run(eventsRoute.loader, {
      request: requestTo("/admin/events"),
      context: contextFor(admin),
    });
    const body = (opened.value as Response).body as ReadableStream<Uint8Array>;
    const ready = await readUntil(body, (t) => t.includes("event: ready"));
    // the EventSource standard: after a dropped stream the browser reconnects after `retry` ms
    expect(ready.text).toContain("retry: 3000");
    ready.reader.releaseLock();
    endLiveStreams();
    const rest = await readUntil(body, () => false);
    expect(rest.done).toBe(true);
    expect(rest.text).not.toContain("event: end");
  });

  it("keeps streaming to other admins when a client leaves before its stream has started", async () => {
    // a client gone at once (its request aborted, the body cancelled) before the stream subscribed
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const gone = await run(eventsRoute.loader, {
        request: new Request(`${ORIGIN}/admin/events`, { signal: controller.signal }),
        context: contextFor(admin),
      });
      controller.abort();
      await (gone.value as Response).body?.cancel();
    }
    const controller = new AbortController();
    const opened = await run(eventsRoute.loader, {
      request: new Request(`${ORIGIN}/admin/events`, { signal: controller.signal }),
      context: contextFor(admin),
    });
    const body = (opened.value as Response).body as ReadableStream<Uint8Array>;
    const ready = await readUntil(body, (t) => t.includes("event: ready"));
    ready.reader.releaseLock();
    const id = await submit("radon");
    const quotes = await readUntil(body, (t) => t.includes(id));
    expect(quotes.text).toContain("event: quotes");
    quotes.reader.releaseLock();
    controller.abort();
  });

  it("sends changes again on a stream opened after a server restart", async () => {
    const openStream = async () => {
      const controller = new AbortController();
      const opened = await run(eventsRoute.loader, {
        request: new Request(`${ORIGIN}/admin/events`, { signal: controller.signal }),
        context: contextFor(admin),
      });
      expect(opened.status).toBe(200);
      const body = (opened.value as Response).body as ReadableStream<Uint8Array>;
      const ready = await readUntil(body, (t) => t.includes("event: ready"));
      ready.reader.releaseLock();
      return { body, controller };
    };
    const before = await openStream();
    // what SIGTERM does: open streams end (browsers reconnect), then the database closes
    endLiveStreams();
    expect((await readUntil(before.body, () => false)).done).toBe(true);
    await database.restart();

    // the browser's EventSource reconnects: a new stream on the restarted server
    const after = await openStream();
    const id = await submit("radon", { email: "after.restart@example.com" });
    const quotes = await readUntil(after.body, (t) => t.includes(id));
    expect(quotes.text).toContain("event: quotes");
    quotes.reader.releaseLock();
    await makeUser("after.restart@example.com");
    const profiles = await readUntil(after.body, (t) => t.includes("event: profiles"));
    profiles.reader.releaseLock();
    after.controller.abort();
    expect((await readUntil(after.body, () => false)).done).toBe(true);
  });

  it("ends the stream when the admin's session ends or the rights are revoked", async () => {
    for (const end of ["sign-out", "revoke"] as const) {
      const viewer = await makeUser(`viewer-${end}@example.com`, { admin: true, totp: true });
      const response = await liveEventsResponse(new AbortController().signal, {
        stillAllowed: () => adminSessionStillValid(viewer),
        checkEveryMs: 50,
      });
      const body = response.body as ReadableStream<Uint8Array>;
      const ready = await readUntil(body, (t) => t.includes("event: ready"));
      ready.reader.releaseLock();
      const still = await readUntil(body, (t) => t.includes("keep-alive"));
      still.reader.releaseLock();
      if (end === "sign-out")
        await db.delete(schema.session).where(eq(schema.session.id, viewer.sessionId));
      else
        await db
          .update(schema.profiles)
          .set({ is_admin: false })
          .where(eq(schema.profiles.id, viewer.id));
      const rest = await readUntil(body, () => false);
      expect(rest.done).toBe(true);
      expect(rest.text).toContain("event: end");
    }
  });
});

describe.each(drivers.filter((driver) => driver === "postgres"))(
  "live updates across processes on %s",
  () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await freshDatabase("postgres");
    }, SLOW);
    afterEach(async () => {
      await database.dispose();
    });

    it("a quote written by this process reaches a second server process's subscribers", async () => {
      const { spawn } = await import("node:child_process");
      const child = spawn("npx", ["tsx", "tests/setup/live-listener.ts"], {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
        stdio: ["pipe", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      try {
        await expect.poll(() => output, { timeout: 60_000 }).toContain("ready");
        const id = await submit("radon");
        await expect.poll(() => output, { timeout: 20_000 }).toContain(id);
        expect(output).toContain('"topic":"quotes"');
      } finally {
        child.stdin.end();
        await new Promise((resolve) => child.once("exit", resolve));
      }
    }, 120_000);
  },
);
