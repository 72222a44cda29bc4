import { parseWithZod } from "@conform-to/zod/v4";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import type { ServiceId } from "~/features/catalog/services";
import { createQuote } from "~/features/quotes/quotes.server";
import { waterQuoteSchema } from "~/features/quotes/schemas";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

const guest = { userId: null };

async function rowCounts() {
  const tables = {
    quotes: schema.quotes,
    history: schema.quote_status_history,
    outbox: schema.mail_outbox,
    water: schema.water_filtration_details,
    mold: schema.mold_assessment_details,
    radon: schema.radon_testing_details,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describe.each(drivers)("quote requests on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver, { QUOTE_RATE_LIMIT: "3" });
  });
  afterEach(async () => {
    await database.dispose();
  });

  const submit = (
    service: ServiceId,
    fields: Readonly<Record<string, string | readonly string[] | undefined>>,
    ip = "203.0.113.9",
  ) => submitQuoteRequest(service, formData(fields), { clientIp: ip, owner: guest });

  it("stores a water request whole: guest quote, details, first history row and two mails", async () => {
    const outcome = await submit("water_filtration", validAnswers.water_filtration);
    expect(outcome.ok).toBe(true);
    const id = outcome.ok === true ? outcome.quoteId : "";

    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(quote).toMatchObject({
      service: "water_filtration",
      is_guest: true,
      user_id: null,
      property_id: null,
      current_status: "pending",
      description: "Water filtration assessment request",
      contact_email: "ann.lee@example.com",
      preferred_contact_method: "phone",
      best_time_to_contact: "evening",
      zip_code: "84101",
    });
    const [details] = await db
      .select()
      .from(schema.water_filtration_details)
      .where(eq(schema.water_filtration_details.quote_id, id));
    expect(details).toEqual({
      quote_id: id,
      property_type: "single_family",
      water_source: "well",
      current_issues: ["taste", "hardness"],
      has_existing_filter: true,
      num_bathrooms: 2,
      num_residents: 4,
      appliances: ["dishwasher"],
      filter_type: "whole_house",
      budget_range: "500_1500",
    });
    const history = await db
      .select()
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: "pending", changed_by: null, notes: null });
    const mail = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, id));
    expect(mail.map((m) => [m.kind, m.to_address]).sort()).toEqual([
      ["lead_alert", "leads@remediation.test"],
      ["quote_confirmation", "ann.lee@example.com"],
    ]);
  });

  it("keeps each request's own answers when many arrive (the statement is built once)", async () => {
    const answers = [
      validAnswers.water_filtration,
      {
        ...validAnswers.water_filtration,
        firstName: "Bo",
        email: "bo@example.com",
        currentIssues: ["odor"],
        appliances: [],
        hasExistingFilter: undefined,
        filterType: "",
        budgetRange: "",
        numResidents: "7",
      },
    ];
    const ids: string[] = [];
    for (const fields of [...answers, ...answers]) {
      const outcome = await submit("water_filtration", fields, `198.51.100.${ids.length + 1}`);
      ids.push(outcome.ok === true ? outcome.quoteId : "");
    }
    expect(new Set(ids).size).toBe(4);
    const stored = await Promise.all(
      ids.map(async (id) => {
        const [row] = await db
          .select({
            email: schema.quotes.contact_email,
            issues: schema.water_filtration_details.current_issues,
            appliances: schema.water_filtration_details.appliances,
            filter: schema.water_filtration_details.has_existing_filter,
            filterType: schema.water_filtration_details.filter_type,
            residents: schema.water_filtration_details.num_residents,
          })
          .from(schema.quotes)
          .innerJoin(
            schema.water_filtration_details,
            eq(schema.water_filtration_details.quote_id, schema.quotes.id),
          )
          .where(eq(schema.quotes.id, id));
        return row;
      }),
    );
    const ann = {
      email: "ann.lee@example.com",
      issues: ["taste", "hardness"],
      appliances: ["dishwasher"],
      filter: true,
      filterType: "whole_house",
      residents: 4,
    };
    const bo = {
      email: "bo@example.com",
      issues: ["odor"],
      appliances: [],
      filter: false,
      filterType: null,
      residents: 7,
    };
    expect(stored).toEqual([ann, bo, ann, bo]);
  });

  it("stores a mold request; mold type and area only with visible mold", async () => {
    const seen = await submit("mold", validAnswers.mold);
    const unseen = await submit("mold", { ...validAnswers.mold, visibleMold: undefined });
    const rows = await db.select().from(schema.mold_assessment_details);
    const byId = new Map(rows.map((r) => [r.quote_id, r]));
    expect(byId.get(seen.ok === true ? seen.quoteId : "")).toMatchObject({
      visible_mold: true,
      mold_type: "black",
      affected_area: "medium",
      problem_areas: ["bathroom", "basement"],
      symptoms_concerns: ["musty_odor"],
      recent_water_issues: false,
      property_age: null,
      urgency_level: "high",
    });
    expect(byId.get(unseen.ok === true ? unseen.quoteId : "")).toMatchObject({
      visible_mold: false,
      mold_type: null,
      affected_area: null,
    });
    const [quote] = await db.select().from(schema.quotes).limit(1);
    expect(quote?.description).toBe("Mold inspection request");
  });

  it("stores a radon request with 0 square feet as 1000 and empty answers as null", async () => {
    const outcome = await submit("radon", validAnswers.radon);
    expect(outcome.ok).toBe(true);
    const [details] = await db.select().from(schema.radon_testing_details);
    expect(details).toMatchObject({
      property_type: "residential",
      square_footage: 1000,
      has_basement: true,
      basement_type: "finished",
      num_levels: 2,
      year_built: 1978,
      previous_testing: false,
      previous_test_date: null,
      foundation_type: null,
      test_preference: "short_term",
    });
  });

  it("leaves no quote, history or mail when the details insert fails", async () => {
    await db.execute(sql`
      CREATE FUNCTION fail_details() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END; $$ LANGUAGE plpgsql`);
    await db.execute(sql`
      CREATE TRIGGER fail_details BEFORE INSERT ON water_filtration_details
      FOR EACH ROW EXECUTE FUNCTION fail_details()`);
    const before = await rowCounts();

    const outcome = await submit("water_filtration", validAnswers.water_filtration);

    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(outcome.ok === false && outcome.result.error?.[""]).toEqual([
      "Error submitting quote. Please try again later.",
    ]);
    expect(JSON.stringify(outcome)).not.toMatch(/injected|INSERT|water_filtration_details/);
    expect(await rowCounts()).toEqual(before);
    const parsed = parseWithZod(formData(validAnswers.water_filtration), {
      schema: waterQuoteSchema,
    });
    if (parsed.status !== "success") throw new Error("fixture should be valid");
    await expect(
      createQuote({ service: "water_filtration", input: parsed.value }, guest),
    ).rejects.toThrow(/insert into "water_filtration_details"/);
    expect(await rowCounts()).toEqual(before);
  });

  it("answers invalid input with 400 and the SPEC's messages, storing nothing", async () => {
    const outcome = await submit("water_filtration", {
      ...validAnswers.water_filtration,
      currentIssues: undefined,
    });
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    expect(outcome.ok === false && outcome.result.error?.currentIssues).toEqual([
      "Please select at least one issue",
    ]);
    expect((await rowCounts()).quotes).toBe(0);
  });

  it("stores nothing when the honeypot is filled, yet answers as a success", async () => {
    const outcome = await submit("mold", { ...validAnswers.mold, website: "http://spam.example" });
    expect(outcome).toEqual({ ok: "dropped" });
    expect(await rowCounts()).toMatchObject({ quotes: 0, outbox: 0, mold: 0 });
  });

  it("limits submissions per client per hour with 429, grouping IPv6 by /64", async () => {
    for (const ip of ["2001:db8:7:1::10", "2001:db8:7:1::20", "2001:db8:7:1:ffff::1"]) {
      expect((await submit("radon", validAnswers.radon, ip)).ok).toBe(true);
    }
    const limited = await submit("radon", validAnswers.radon, "2001:db8:7:1::99");
    expect(limited).toMatchObject({ ok: false, status: 429 });
    expect(limited.ok === false && limited.result.error?.[""]?.[0]).toMatch(
      /^Too many quote requests from your network\. Please try again in \d+ minutes?/,
    );
    expect((await submit("radon", validAnswers.radon, "2001:db8:7:2::1")).ok).toBe(true);
    expect((await submit("radon", validAnswers.radon, "198.51.100.4")).ok).toBe(true);
    expect((await rowCounts()).quotes).toBe(5);
  });

  it("keeps the rate limit across a restart", async () => {
    for (let i = 0; i < 3; i++) await submit("radon", validAnswers.radon, "192.0.2.50");
    await database.restart();
    expect(await submit("radon", validAnswers.radon, "192.0.2.50")).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  it("lets a client in again once its hour is over, counting afresh", async () => {
    for (let i = 0; i < 3; i++) await submit("radon", validAnswers.radon, "192.0.2.60");
    expect(await submit("radon", validAnswers.radon, "192.0.2.60")).toMatchObject({
      ok: false,
      status: 429,
    });
    // the hour passes
    await db
      .update(schema.rate_limits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(schema.rate_limits.key, "quote:192.0.2.60"));
    expect((await submit("radon", validAnswers.radon, "192.0.2.60")).ok).toBe(true);
    const [limit] = await db
      .select()
      .from(schema.rate_limits)
      .where(eq(schema.rate_limits.key, "quote:192.0.2.60"));
    expect(limit?.points).toBe(1);
    expect(limit?.expire?.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  it("announces quote changes on quotes_changed (for live admin lists)", async () => {
    const payloads: string[] = [];
    const unlisten = await database.handle.listen("quotes_changed", (p) => payloads.push(p));
    const outcome = await submit("mold", validAnswers.mold);
    const id = outcome.ok === true ? outcome.quoteId : "";
    await expect.poll(() => payloads.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(JSON.parse(payloads[0] as string)).toEqual({ op: "INSERT", id });
    await unlisten();
  });
});
