import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rate_limits } from "~/db/schema";
import { DatabaseLockedError, db, openDatabase, pgliteLockFile } from "~/lib/db.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

describe("PGlite data directory", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-lock-"));
  });
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

  it("refuses the directory while another live process holds it, and takes it at once after that process is killed (kill -9)", async () => {
    const pgliteDir = path.join(dir, "db");
    // another process holding the directory's lock, as a server does, until it is killed
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { lockExclusively } = await import(${JSON.stringify(path.resolve("app/lib/process-lock.server.ts"))});
         if (!lockExclusively(process.argv[1])) process.exit(3);
         console.log("locked");
         setInterval(() => {}, 1000);`,
        pgliteLockFile(pgliteDir),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => holder.on("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
      holder.on("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
    });
    await expect(openDatabase({ pgliteDir })).rejects.toBeInstanceOf(DatabaseLockedError);

    holder.kill("SIGKILL");
    await exited;
    // no waiting for the lock to age: the process is gone, so is its lock
    const database = await openDatabase({ pgliteDir });
    await database.close();
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
