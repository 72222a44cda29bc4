/**
 * The retention purge (features/accounts/retention.server.ts, decision 0154): a closed account's
 * records are deleted 7 years after the quote's last status change, with their files and mail;
 * nothing younger, no guest's and no open account's record is touched, and the placeholder login
 * goes once no signed record names it.
 */
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { eraseAccount } from "~/features/accounts/close-account.server";
import { dailyRetentionPurge, purgeExpiredRecords } from "~/features/accounts/retention.server";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import { storage } from "~/lib/storage.server";
import * as requestRoute from "~/routes/quotes/request";
import { type SignedInAccount, signedInAccount } from "../setup/accounts";
import { makeUser, ORIGIN } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;
const NOW = new Date("2034-03-01T12:00:00Z");
const yearsBefore = (years: number, days = 0) =>
  new Date(Date.UTC(2034 - years, 2, 1, 12) - days * 24 * 60 * 60 * 1000);

describe.each(drivers)("retention purge on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let ip = 0;

  /** A mold request with a photo, sent through the form by `who` (or a guest). */
  async function request(description: string, who?: SignedInAccount): Promise<string> {
    const body = formData({
      ...validAnswers.mold,
      details: description,
      email: who?.user.email ?? "guest@example.com",
    });
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    body.append("photos", new File([new Uint8Array(photo)], "wall.jpg", { type: "image/jpeg" }));
    const headers = new Headers({ Origin: ORIGIN });
    if (who) headers.set("Cookie", who.cookie);
    const sent = await throughRoot(
      new Request(`${ORIGIN}/quotes/mold-remediation`, { method: "POST", headers, body }),
      requestRoute.action,
      { params: { service: "mold-remediation" }, ip: `203.0.113.${++ip}` },
    );
    expect(sent.status).toBe(302);
    const [quote] = await db
      .select({ id: schema.quotes.id })
      .from(schema.quotes)
      .where(eq(schema.quotes.description, description));
    return quote?.id as string;
  }

  async function signedEstimate(quoteId: string, who: SignedInAccount) {
    const [item] = await listPriceBook();
    const draft = estimateDraftSchema.parse({
      options: [{ name: "Mold removal", lines: [{ priceBookItemId: item?.id, quantity: "1" }] }],
    });
    expect(await saveEstimateDraft(partyOf(admin), quoteId, draft)).toMatchObject({ ok: true });
    expect(await sendEstimate(partyOf(admin), quoteId)).toMatchObject({ ok: true });
    const [version] = await db
      .select()
      .from(schema.estimate_versions)
      .innerJoin(schema.estimates, eq(schema.estimates.id, schema.estimate_versions.estimate_id))
      .where(eq(schema.estimates.quote_id, quoteId));
    const accepted = await acceptEstimate(
      partyOf(who.user),
      quoteId,
      {
        versionId: version?.estimate_versions.id as string,
        contentSha256: version?.estimate_versions.content_sha256 as string,
        option: 1,
        consent: true,
        signerName: "Ann Example",
      },
      { ip: "192.0.2.9", userAgent: "test browser" },
    );
    expect(accepted.ok).toBe(true);
  }

  /** Moves every date of the quote (its creation and status history) to `at`. */
  async function lastChangedAt(quoteId: string, at: Date) {
    await db.update(schema.quotes).set({ created_at: at }).where(eq(schema.quotes.id, quoteId));
    await db
      .update(schema.quote_status_history)
      .set({ created_at: at })
      .where(eq(schema.quote_status_history.quote_id, quoteId));
  }

  const storedKeys = async (quoteId: string) =>
    (
      await db
        .select({ key: schema.quote_uploads.storage_key })
        .from(schema.quote_uploads)
        .innerJoin(
          schema.quote_attachments,
          eq(schema.quote_attachments.upload_id, schema.quote_uploads.id),
        )
        .where(eq(schema.quote_attachments.quote_id, quoteId))
    ).map((row) => row.key);

  beforeEach(async () => {
    await database?.dispose();
    database = await freshDatabase(driver);
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
  }, SLOW);
  afterAll(async () => {
    await database?.dispose();
  });

  it(
    "deletes a closed account's signed job 7 years after its last change, with its files, mail and login; keeps younger, guest and open records",
    async () => {
      const ann = await signedInAccount("ann@example.com");
      const old = await request("ANN-OLD-JOB", ann);
      await signedEstimate(old, ann);
      const recent = await request("ANN-RECENT-JOB", ann);
      const guest = await request("GUEST-OLD-JOB");
      const bob = await signedInAccount("bob@example.com");
      const bobs = await request("BOB-OLD-JOB", bob);
      const oldFiles = await storedKeys(old);
      expect(oldFiles).toHaveLength(1);
      await eraseAccount(ann.user.id);

      await lastChangedAt(old, yearsBefore(7, 1));
      await lastChangedAt(recent, yearsBefore(7, -1));
      await lastChangedAt(guest, yearsBefore(9));
      await lastChangedAt(bobs, yearsBefore(9));

      const counts = await purgeExpiredRecords(NOW);
      expect(counts).toMatchObject({ quotes: 1, files: 1 });
      expect(counts.mail).toBeGreaterThan(0);

      const left = await db.select({ id: schema.quotes.id }).from(schema.quotes);
      expect(left.map((row) => row.id).sort()).toEqual([recent, guest, bobs].sort());
      // the job's records went with it: estimate, acceptance, history, files and its mail
      expect(await db.select().from(schema.estimates)).toEqual([]);
      expect(await db.select().from(schema.estimate_acceptances)).toEqual([]);
      expect(
        await db
          .select()
          .from(schema.quote_status_history)
          .where(eq(schema.quote_status_history.quote_id, old)),
      ).toEqual([]);
      expect(
        await db.select().from(schema.mail_outbox).where(eq(schema.mail_outbox.quote_id, old)),
      ).toEqual([]);
      for (const key of oldFiles) expect(await storage().get(key)).toBeNull();
      for (const key of await storedKeys(recent)) expect(await storage().get(key)).not.toBeNull();
      // no signed record names the placeholder any more: it goes too; Bob's login stays
      const logins = await db
        .select({ id: schema.user.id })
        .from(schema.user)
        .where(inArray(schema.user.id, [ann.user.id, bob.user.id]));
      expect(logins).toEqual([{ id: bob.user.id }]);

      // a second run (another server, the next day) finds nothing more
      expect(await purgeExpiredRecords(NOW)).toEqual({ quotes: 0, mail: 0, files: 0, logins: 0 });
    },
    SLOW,
  );

  it(
    "keeps a closed account's placeholder while a signed record within its period names it; runs once a day from the worker's loop",
    async () => {
      const ann = await signedInAccount("ann@example.com");
      const job = await request("ANN-SIGNED-JOB", ann);
      await signedEstimate(job, ann);
      await eraseAccount(ann.user.id);
      await lastChangedAt(job, yearsBefore(7, 1));

      const purge = dailyRetentionPurge();
      // the first round of the day is before the 7 years end: nothing goes, the login stays
      await purge(yearsBefore(0, 2));
      expect(await db.select({ id: schema.quotes.id }).from(schema.quotes)).toEqual([{ id: job }]);
      expect(
        await db.select().from(schema.user).where(eq(schema.user.id, ann.user.id)),
      ).toHaveLength(1);
      // later the same day: not run again
      await purge(new Date(yearsBefore(0, 2).getTime() + 23 * 60 * 60 * 1000));
      expect(await db.select({ id: schema.quotes.id }).from(schema.quotes)).toHaveLength(1);
      // a day later (and past the end of the period): the job and the placeholder go
      await purge(NOW);
      expect(await db.select({ id: schema.quotes.id }).from(schema.quotes)).toEqual([]);
      expect(await db.select().from(schema.user).where(eq(schema.user.id, ann.user.id))).toEqual(
        [],
      );
    },
    SLOW,
  );
});
