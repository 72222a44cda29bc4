/**
 * Consent to texts (features/messages/consent.server.ts): 'Text me about my request' on the quote
 * forms (unticked by default) and on the profile, stored with time, wording and source; texts
 * about a request go only to a number whose newest consent grants; the data export carries the
 * consent history. One database per driver; each test uses its own people and numbers.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { text_consents } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { collectYourData } from "~/features/accounts/your-data.server";
import { TEXT_CONSENT_LABEL, TEXT_CONSENT_WORDING } from "~/features/messages/consent";
import { mayText } from "~/features/messages/consent.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import * as profileRoute from "~/routes/account/profile";
import * as requestRoute from "~/routes/quotes/request";
import { post } from "../setup/actions";
import { contextFor, makeUser } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { renderRoute } from "../setup/render";

const ip = "192.0.2.71";

async function submit(phone: string, consent: boolean, userId: string | null = null) {
  const outcome = await submitQuoteRequest(
    "water_filtration",
    formData({
      ...validAnswers.water_filtration,
      phone,
      ...(consent ? { textConsent: "on" } : {}),
    }),
    { clientIp: ip, owner: { userId } },
  );
  if (outcome.ok !== true) throw new Error("quote not stored");
  return outcome.quoteId;
}

describe.each(drivers)("consent to texts on %s", (driver) => {
  beforeAll(async () => {
    await freshDatabase(driver);
  }, 180_000);

  it("the quote form shows the unticked 'Text me about my request' box", async () => {
    const { html } = await renderRoute(
      requestRoute,
      "/quotes/:service",
      "/quotes/water-filtration-remediation",
    );
    const box = html.match(/<input[^>]*name="textConsent"[^>]*>/)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toContain("checked");
    expect(html).toContain(TEXT_CONSENT_LABEL);
  });

  it("a request with the box ticked stores consent for its number with time, wording and source; unticked stores none", async () => {
    const before = new Date();
    const quoteId = await submit("(801) 555-0141", true);
    const rows = await db.select().from(text_consents).where(eq(text_consents.quote_id, quoteId));
    expect(rows).toEqual([
      expect.objectContaining({
        phone_number: "+18015550141",
        granted: true,
        source: "quote_form",
        wording: TEXT_CONSENT_WORDING,
      }),
    ]);
    expect(rows[0]!.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await mayText("+18015550141")).toBe(true);

    const without = await submit("(801) 555-0142", false);
    expect(
      await db.select().from(text_consents).where(eq(text_consents.quote_id, without)),
    ).toEqual([]);
    expect(await mayText("+18015550142")).toBe(false);
  });

  it("the profile turns texts on and off for the confirmed number, each change a row, and the export lists them", async () => {
    const customer = await makeUser("consent.profile@example.com");
    const save = (fields: Record<string, string>) =>
      post(profileRoute.action, "/account/profile", fields, ip, customer);
    // no confirmed number: nothing to agree for
    expect((await save({ intent: "text-consent", textConsent: "on" })).status).toBe(400);
    await db
      .update(schema.user)
      .set({ phoneNumber: "+18015550143", phoneNumberVerified: true })
      .where(eq(schema.user.id, customer.id));
    const loaded = (await profileRoute.loader({
      request: new Request("http://localhost:3000/account/profile"),
      context: contextFor(customer),
      params: {},
    } as never)) as { textConsent: boolean };
    expect(loaded.textConsent).toBe(false);

    expect(await save({ intent: "text-consent", textConsent: "on" })).toMatchObject({
      status: 302,
      location: "/account/profile",
    });
    expect(await mayText("+18015550143")).toBe(true);
    // saving the same answer again adds no row
    await save({ intent: "text-consent", textConsent: "on" });
    await save({ intent: "text-consent" });
    expect(await mayText("+18015550143")).toBe(false);

    const rows = await db
      .select()
      .from(text_consents)
      .where(eq(text_consents.phone_number, "+18015550143"));
    expect(rows.map((r) => [r.granted, r.source])).toEqual([
      [true, "profile"],
      [false, "profile"],
    ]);

    const exported = await collectYourData(customer.id);
    const consent = exported.find((p) => p.section.file === "text-consent.json");
    expect(consent?.content.data).toEqual([
      expect.objectContaining({ phoneNumber: "+18015550143", consented: true, source: "profile" }),
      expect.objectContaining({ phoneNumber: "+18015550143", consented: false, source: "profile" }),
    ]);
    expect((consent!.content.data as { wording: string; at: string }[])[0]!.wording).toBe(
      TEXT_CONSENT_WORDING,
    );
  });
});
