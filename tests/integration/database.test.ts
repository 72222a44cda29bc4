import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rate_limits } from "~/db/schema";
import { DatabaseLockedError, db, openDatabase } from "~/lib/db.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

describe("PGlite data directory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-lock-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a second opener at once with a clear message, and frees the directory on close", async () => {
    const first = await openDatabase({ pgliteDir: path.join(dir, "db") });
    // refused while the first is still open: it does not wait for the directory to be freed
    const second = openDatabase({ pgliteDir: path.join(dir, "db") });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(/already in use by another process/);
    await first.close();
    const again = await openDatabase({ pgliteDir: path.join(dir, "db") });
    await again.close();
  });
});

describe.each(drivers)("transactions on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  const row = (key: string) => ({ key, points: 1, expire: new Date(Date.now() + 60_000) });
  const keys = async () =>
    (await db.select({ key: rate_limits.key }).from(rate_limits)).map((r) => r.key).sort();

  it("commits a transaction whole, and rolls one back whole when it throws", async () => {
    await db.transaction(async (tx) => {
      await tx.insert(rate_limits).values(row("a"));
      await tx.insert(rate_limits).values(row("b"));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rate_limits).values(row("c"));
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await keys()).toEqual(["a", "b"]);
  });

  it("keeps Postgres error codes, and statements outside a transaction see only its end", async () => {
    await db.insert(rate_limits).values(row("a"));
    const duplicate = await db
      .insert(rate_limits)
      .values(row("a"))
      .catch((error: unknown) => error);
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe("23505");

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.update(rate_limits).set({ points: 5 }).where(eq(rate_limits.key, "a"));
      await held;
    });
    const outside = db.select({ points: rate_limits.points }).from(rate_limits).execute();
    if (driver === "postgres") {
      // another connection reads the last committed value at once
      expect((await outside)[0]?.points).toBe(1);
      release();
    } else {
      // PGlite has one session: the read waits for the transaction to end
      release();
      expect((await outside)[0]?.points).toBe(5);
    }
    await transaction;
    const [after] = await db.select({ points: rate_limits.points }).from(rate_limits);
    expect(after?.points).toBe(5);
  });
});
