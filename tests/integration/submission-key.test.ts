/**
 * A retried submit of the same quote form (same idempotency key) never makes a second quote: it
 * answers as the first did, with the same confirmation (issue 16). Through the quote route's
 * action and the confirmation page, as the browser reaches them.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import { FORM_KEY_PLACEHOLDER, withNonce } from "~/lib/render-cache.server";
import * as confirmationRoute from "~/routes/quotes/confirmation";
import * as requestRoute from "~/routes/quotes/request";
import { cookieHeader } from "../setup/actions";
import { contextFor, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

describe.each(drivers)("a quote form sent twice on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  /** Posts the mold form with `submissionKey` as a guest's browser would. */
  function send(submissionKey: string | undefined, email = "twice@example.com") {
    return run(requestRoute.action, {
      request: new Request(`${ORIGIN}/quotes/mold-remediation`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: formData({ ...validAnswers.mold, email, submissionKey }),
      }),
      context: contextFor(null),
      params: { service: "mold-remediation" },
    });
  }
  /** The quote reference the confirmation page shows after `setCookie`. */
  async function confirmed(setCookie: string) {
    const page = await run(confirmationRoute.loader, {
      request: new Request(`${ORIGIN}/quotes/confirmation`, {
        headers: { Cookie: cookieHeader(setCookie.split("\n")) },
      }),
      context: contextFor(null),
    });
    return page.value as { state: string; reference?: string };
  }
  const quoteRows = () => db.select().from(schema.quotes);

  it("posting the same form twice makes one quote and answers both with its confirmation", async () => {
    const key = randomUUID();
    const first = await send(key);
    const again = await send(key);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/quotes/confirmation");
    }
    const rows = await quoteRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.submission_key).toBe(key);
    const reference = rows[0]?.id.slice(0, 8);
    expect(await confirmed(first.setCookie)).toMatchObject({ state: "found", reference });
    expect(await confirmed(again.setCookie)).toMatchObject({ state: "found", reference });
    // one lead alert and one confirmation mail, not two of each
    expect(
      await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.quote_id, rows[0]!.id)),
    ).toHaveLength(2);
  });

  it("the same form sent twice at once still makes one quote", async () => {
    const key = randomUUID();
    const answers = await Promise.all([send(key), send(key), send(key)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302]);
    expect(await quoteRows()).toHaveLength(1);
  });

  it("another form render (another key), or a form without one, is another quote", async () => {
    await send(randomUUID());
    await send(randomUUID());
    await send(undefined);
    await send("not-a-key");
    expect(await quoteRows()).toHaveLength(4);
  });

  it("a cached guest page gets a fresh key in every response", () => {
    const cached = `<input type="hidden" name="submissionKey" value="${FORM_KEY_PLACEHOLDER}"/>`;
    const one = withNonce(cached, "n1");
    const two = withNonce(cached, "n2");
    expect(one).not.toContain(FORM_KEY_PLACEHOLDER);
    expect(one).toMatch(/value="[0-9a-f-]{36}"/);
    expect(one).not.toBe(two);
  });
});
