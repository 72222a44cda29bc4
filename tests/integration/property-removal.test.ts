/**
 * Removing a saved property asks first and says it worked, and the quotes requested for it keep
 * their job address: the admin's quote still shows it (issue 16: 'Property: N/A' after removal).
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as propertiesRoute from "~/routes/account/properties";
import * as removeRoute from "~/routes/account/property-remove";
import * as adminQuoteRoute from "~/routes/admin/quote";
import * as adminQuotesRoute from "~/routes/admin/quotes";
import * as requestRoute from "~/routes/quotes/request";
import { contextFor, makeUser, ORIGIN, requestTo, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

/** A browser's form post of `fields` (lists as repeated fields) to `path`. */
function postTo(path: string, fields: Record<string, string | readonly string[]>): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: formData(fields),
    headers: { Origin: ORIGIN },
  });
}

describe.each(drivers)("removing a property on %s", (driver) => {
  let database: TestDatabase;
  let customer: SessionUser;
  let admin: SessionUser;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    customer = await makeUser("home.owner@example.com", { fullName: "Hana Owner" });
    admin = await makeUser("boss@example.com", { admin: true, totp: true });
  });
  afterEach(async () => {
    await database.dispose();
  });

  /** Adds a property through the Properties page and returns its id. */
  async function addHome(address: string): Promise<string> {
    const added = await run(propertiesRoute.action, {
      request: postTo("/account/properties", {
        intent: "add",
        form: "add-property",
        address,
        city: "Provo",
        state: "UT",
        zipCode: "84604",
      }),
      context: contextFor(customer),
    });
    expect(added.status).toBe(302);
    const [row] = await db
      .select()
      .from(schema.properties)
      .where(eq(schema.properties.address, address));
    return row?.id ?? "";
  }

  /** Requests a mold quote for property `propertyId` through the quote form's route. */
  async function quoteFor(propertyId: string): Promise<string> {
    const sent = await run(requestRoute.action, {
      request: postTo("/quotes/mold-remediation", { ...validAnswers.mold, propertyId }),
      context: contextFor(customer),
      params: { service: "mold-remediation" },
    });
    expect(sent.status).toBe(302);
    const [quote] = await db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.property_id, propertyId));
    return quote?.id ?? "";
  }

  async function adminSees(quoteId: string) {
    const page = await run(adminQuoteRoute.loader, {
      request: requestTo(`/admin/quotes/${quoteId}`),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    const list = await run(adminQuotesRoute.loader, {
      request: requestTo("/admin/quotes?q=Juniper"),
      context: contextFor(admin),
    });
    const rows = (list.value as { quotes: { id: string; property: string }[] }).quotes;
    return {
      property: (page.value as { property: string | null }).property,
      listed: rows.find((q) => q.id === quoteId)?.property ?? null,
    };
  }

  it("asks first, says it worked, and the admin's quote keeps the address it was requested for", async () => {
    const homeId = await addHome("12 Juniper Way");
    const quoteId = await quoteFor(homeId);
    expect(await adminSees(quoteId)).toEqual({
      property: "12 Juniper Way, Provo, UT 84604",
      listed: "12 Juniper Way",
    });

    // the Properties page's Remove leads to the question, which names the address and its quote
    const question = await run(removeRoute.loader, {
      request: requestTo(`/account/properties/${homeId}/remove`),
      context: contextFor(customer),
      params: { id: homeId },
    });
    expect(question.status).toBe(200);
    expect(question.value).toMatchObject({ address: "12 Juniper Way", quotes: 1 });
    // asking removes nothing
    expect(await db.select().from(schema.properties)).toHaveLength(1);

    const removed = await run(removeRoute.action, {
      request: postTo(`/account/properties/${homeId}/remove`, {}),
      context: contextFor(customer),
      params: { id: homeId },
    });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe("/account/properties");
    expect(await toastIn(removed.setCookie)).toEqual({
      type: "success",
      title: "Property Removed",
      description: "12 Juniper Way was removed from your properties.",
    });
    expect(await db.select().from(schema.properties)).toEqual([]);

    // the quote is still there, with its address, in the quote page, the list and its search
    expect(await adminSees(quoteId)).toEqual({
      property: "12 Juniper Way, Provo, UT 84604",
      listed: "12 Juniper Way",
    });
  });

  it("a property edited after the quote leaves the quote's address as it was requested", async () => {
    const homeId = await addHome("7 Juniper Court");
    const quoteId = await quoteFor(homeId);
    const edited = await run(propertiesRoute.action, {
      request: postTo("/account/properties", {
        intent: "update",
        form: `edit-${homeId}`,
        id: homeId,
        address: "8 Aspen Court",
        city: "Orem",
        state: "UT",
        zipCode: "84057",
      }),
      context: contextFor(customer),
    });
    expect(edited.status).toBe(302);
    expect((await adminSees(quoteId)).property).toBe("7 Juniper Court, Provo, UT 84604");
  });

  it("nobody else can ask about or remove a customer's property, and a plain post to the list removes nothing", async () => {
    const homeId = await addHome("3 Juniper Row");
    const other = await makeUser("other@example.com");
    for (const id of [homeId, "not-a-uuid"]) {
      const asked = await run(removeRoute.loader, {
        request: requestTo(`/account/properties/${id}/remove`),
        context: contextFor(other),
        params: { id },
      });
      expect(asked.status).toBe(404);
      const removed = await run(removeRoute.action, {
        request: postTo(`/account/properties/${id}/remove`, {}),
        context: contextFor(other),
        params: { id },
      });
      expect(removed.status).toBe(404);
    }
    // the old one-click removal no longer exists: its post is refused and nothing goes
    const oneClick = await run(propertiesRoute.action, {
      request: postTo("/account/properties", { intent: "remove", id: homeId }),
      context: contextFor(customer),
    });
    expect(oneClick.status).toBe(400);
    expect(await db.select().from(schema.properties)).toHaveLength(1);
  });
});
