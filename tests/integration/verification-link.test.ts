/**
 * A verification link that does not work (invalid, expired) shows a plain error and 'Send a new
 * link'; so does signing in before verifying. A new link is sent only to an account waiting for
 * verification, the answer is the same for any address, and it is rate limited like the other
 * mail (issue 16).
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import * as setupPage from "~/routes/account/setup";
import * as authApi from "~/routes/api/auth";
import { action as resendAction } from "~/routes/auth/resend-verification";
import { action as signAction } from "~/routes/auth/signin";
import { action as signUpAction } from "~/routes/auth/signup";
import { PASSWORD } from "../setup/accounts";
import { post } from "../setup/actions";
import { contextFor, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { renderRoute } from "../setup/render";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const SUBJECT = "Verify your email address";
const text = (body: unknown) => JSON.stringify(body);

describe.each(drivers)("verification links on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
    await database.dispose();
  });

  let ip = 0;
  const freshIp = () => `198.51.100.${++ip}`;
  /** Every verification mail delivered to `to` so far (the outbox delivered first). */
  async function linksTo(to: string): Promise<string[]> {
    await deliverDueMail({ transport: smtpTransport(smtp.url, "site <site@remediation.test>") });
    return smtp.received
      .filter((m) => m.to.includes(to) && m.subject.includes(SUBJECT))
      .map((m) => m.text.match(/https?:\/\/\S+/)?.[0] ?? "");
  }
  /** Opens a mailed link as the browser would: through /api/auth/verify-email. */
  async function open(link: string) {
    const url = new URL(link);
    return run(authApi.loader, {
      request: new Request(`${ORIGIN}${url.pathname}${url.search}`),
      context: contextFor(null),
    });
  }
  async function signUp(email: string) {
    const outcome = await post(
      signUpAction,
      "/auth/signup",
      { email, password: PASSWORD, confirmPassword: PASSWORD },
      freshIp(),
    );
    expect(outcome.location).toBe("/account/setup");
  }

  it("a broken link shows a plain error and 'Send a new link', and the new link works", async () => {
    const email = "late.verifier@example.com";
    await signUp(email);
    const [first] = await linksTo(email);
    expect(first).toContain("/api/auth/verify-email?token=");

    // the link with its token cut short (a mail client wrapped it): sent to the setup page
    const broken = await open(first!.replace(/token=[^&]{12}/, "token="));
    expect(broken.status).toBe(302);
    expect(broken.location).toMatch(/^\/account\/setup\?error=/);
    const page = await renderRoute(setupPage, "/account/setup", broken.location!);
    expect(page.html).toContain("This Verification Link Does Not Work");
    expect(page.html).not.toContain("Check Your Email");
    expect(page.html).toMatch(
      /<a[^>]+href="\/auth\/resend-verification"[^>]*>Send a new link<\/a>/,
    );
    const expired = await renderRoute(
      setupPage,
      "/account/setup",
      "/account/setup?error=TOKEN_EXPIRED",
    );
    expect(expired.html).toContain("This verification link has expired.");

    const resent = await post(resendAction, "/auth/resend-verification", { email }, freshIp());
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ sent: true });
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    const opened = await open(links[1]!);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/account/setup");
    const [user] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it("a link opened a second time says it was used, not 'We sent you a link', and offers sign-in and a new link", async () => {
    const email = "twice@example.com";
    await signUp(email);
    const [link] = await linksTo(email);
    const first = await open(link!);
    expect(first.location).toBe("/account/setup");
    expect(first.setCookie).toMatch(/session_token=/);

    // the same link again, e.g. from another browser or after signing out
    const again = await open(link!);
    expect(again.status).toBe(302);
    expect(again.location).toBe("/account/setup?error=LINK_USED");
    expect(again.setCookie).not.toMatch(/session_token=/);
    const page = await renderRoute(setupPage, "/account/setup", again.location!);
    expect(page.html).toContain("This Verification Link Was Already Used");
    expect(page.html).toContain("This link has been used already");
    expect(page.html).not.toContain("Check Your Email");
    expect(page.html).not.toContain("We sent you a link");
    expect(page.html).toMatch(
      /<a[^>]+href="\/auth\/signin\?redirectTo=\/account\/setup"[^>]*>Sign In<\/a>/,
    );
    expect(page.html).toMatch(
      /<a[^>]+href="\/auth\/resend-verification"[^>]*>Send a new link<\/a>/,
    );
    // a link that does not work keeps its own error
    const broken = await open(link!.replace(/token=[^&]{12}/, "token="));
    expect(broken.location).toMatch(/^\/account\/setup\?error=(?!LINK_USED)/);
  });

  it("answers the same whether or not the address has an account waiting, and mails only that one", async () => {
    await signUp("waiting@example.com");
    await signUp("done@example.com");
    await db
      .update(schema.user)
      .set({ emailVerified: true })
      .where(eq(schema.user.email, "done@example.com"));
    const answers = [];
    for (const email of ["waiting@example.com", "done@example.com", "nobody@example.com"]) {
      const outcome = await post(resendAction, "/auth/resend-verification", { email }, freshIp());
      answers.push({ status: outcome.status, body: text(outcome.body) });
    }
    expect(new Set(answers.map((a) => text(a))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    expect(await linksTo("waiting@example.com")).toHaveLength(2);
    expect(await linksTo("done@example.com")).toHaveLength(1);
    expect(await linksTo("nobody@example.com")).toHaveLength(0);
  });

  it("is limited like the other mail: a fourth request for one address in an hour gets 429", async () => {
    for (const email of ["limited@example.com", "nobody.limited@example.com"]) {
      if (email === "limited@example.com") await signUp(email);
      for (let i = 0; i < 3; i++) {
        const outcome = await post(resendAction, "/auth/resend-verification", { email }, freshIp());
        expect(outcome.status).toBe(200);
      }
      const limited = await post(resendAction, "/auth/resend-verification", { email }, freshIp());
      expect(limited.status).toBe(429);
      expect(text(limited.body)).toMatch(/Too many attempts/);
    }
    // the sign-up mail and three new links, no more
    expect(await linksTo("limited@example.com")).toHaveLength(4);
  });

  it("signing in before verifying offers 'Send a new link' for that address", async () => {
    const email = "eager@example.com";
    await signUp(email);
    const refused = await post(
      signAction,
      "/auth/signin",
      { email, password: PASSWORD },
      freshIp(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ unverified: true, unverifiedEmail: email });
    // a wrong password reveals nothing about the account and offers nothing
    const wrong = await post(
      signAction,
      "/auth/signin",
      { email, password: "not the password" },
      freshIp(),
    );
    expect(wrong.body).toMatchObject({ unverified: false, unverifiedEmail: null });
  });
});
