/**
 * `npm run backup` and `npm run restore` as an operator runs them: a database with quotes, their
 * status history and an uploaded image is backed up, restored into a fresh data directory (and a
 * fresh PostgreSQL database), and everything is found there.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { storeUpload } from "~/features/blog/uploads.server";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { type DatabaseHandle, db, openDatabase, setDatabase } from "~/lib/db.server";
import { makeUser } from "../setup/admin";
import {
  createPostgresDatabase,
  drivers,
  freshDatabase,
  type TestDatabase,
} from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

const run = promisify(execFile);
// each command starts its own process and opens the database (PGlite: WebAssembly) itself
const COMMANDS_TIMEOUT = 180_000;
const tsx = path.resolve("node_modules/.bin/tsx");

type Outcome = { code?: number; stdout: string; stderr: string };

/** Runs `npm run backup|restore -- file` (the script itself) on `dataDir` / `url`. */
function command(name: "backup" | "restore", file: string, dataDir: string, url = "") {
  return run(tsx, ["scripts/backup.ts", name, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: "silent" },
  }).catch((error: Outcome) => error) as Promise<Outcome>;
}

/** Every quote, history row and upload row, and each uploaded file's SHA-256 by name. */
async function contents(dataDir: string) {
  const uploads = path.join(dataDir, "files", "blog");
  const files = Object.fromEntries(
    fs
      .readdirSync(uploads)
      .sort()
      .map((name) => [
        name,
        createHash("sha256")
          .update(fs.readFileSync(path.join(uploads, name)))
          .digest("hex"),
      ]),
  );
  return {
    quotes: await db.select().from(schema.quotes).orderBy(asc(schema.quotes.id)),
    mold: await db.select().from(schema.mold_assessment_details),
    history: await db
      .select()
      .from(schema.quote_status_history)
      .orderBy(asc(schema.quote_status_history.id)),
    uploads: await db.select().from(schema.blog_uploads),
    files,
  };
}

describe.each(drivers)("npm run backup / restore on %s", (driver) => {
  let database: TestDatabase;
  let work: string;
  let cleanups: (() => Promise<void>)[];
  beforeEach(async () => {
    database = await freshDatabase(driver);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-backup-test-"));
    cleanups = [];
  });
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await database.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    "restores every quote, status history row and uploaded file into a fresh database",
    async () => {
      const admin = await makeUser("backup.admin@example.com", { admin: true });
      const ids: string[] = [];
      for (const [service, answers] of [
        ["water_filtration", validAnswers.water_filtration],
        ["mold", validAnswers.mold],
        ["radon", validAnswers.radon],
      ] as const) {
        const outcome = await submitQuoteRequest(service, formData(answers), {
          clientIp: "192.0.2.80",
          owner: { userId: null },
        });
        if (outcome.ok !== true) throw new Error(`quote not stored: ${JSON.stringify(outcome)}`);
        ids.push(outcome.quoteId);
      }
      const moved = await changeQuoteStatus(
        ids[0] as string,
        { status: "approved", expectedStatus: "pending", notes: "Visit booked" },
        admin.id,
      );
      expect(moved.ok).toBe(true);
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#2a6f97" },
      })
        .png()
        .toBuffer();
      const upload = await storeUpload(
        new File([png], "basement.png", { type: "image/png" }),
        null,
      );
      expect(upload.ok).toBe(true);
      const before = await contents(database.dataDir);
      expect(before.history).toHaveLength(4);
      expect(Object.keys(before.files).length).toBeGreaterThan(1);

      // PGlite: one process per data directory, so the server (here: this test) is stopped first
      await database.close();
      const file = path.join(work, "site.tar.gz");
      const backedUp = await command("backup", file, database.dataDir, database.url);
      expect(backedUp.stderr).toBe("");
      expect(backedUp.stdout).toContain(`Backup written: ${file}`);
      await database.reopen();

      const freshDir = path.join(work, "fresh");
      let freshUrl: string | undefined;
      if (driver === "postgres") {
        const fresh = await createPostgresDatabase(process.env.DATABASE_URL as string, "restore");
        freshUrl = fresh.url;
        cleanups.push(fresh.drop);
      }
      const restored = await command("restore", file, freshDir, freshUrl);
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toContain(`Restored the ${driver} backup`);

      const handle: DatabaseHandle = await openDatabase({
        url: freshUrl,
        pgliteDir: path.join(freshDir, "db"),
      });
      cleanups.push(() => handle.close());
      setDatabase(handle);
      expect(await contents(freshDir)).toEqual(before);
      // the secret that signs sessions and encrypts two-factor secrets came along
      expect(fs.readFileSync(path.join(freshDir, "auth-secret"), "utf8")).toBe(
        fs.readFileSync(path.join(database.dataDir, "auth-secret"), "utf8"),
      );
      setDatabase(database.handle);
    },
    COMMANDS_TIMEOUT,
  );

  it(
    "refuses to restore over a database that is not empty, and a PGlite backup while a server holds it",
    async () => {
      const file = path.join(work, "site.tar.gz");
      if (driver === "pglite") {
        const refused = await command("backup", file, database.dataDir);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("is already in use by another process");
        expect(fs.existsSync(file)).toBe(false);
      }
      await database.close();
      expect((await command("backup", file, database.dataDir, database.url)).stderr).toBe("");

      const over = await command("restore", file, database.dataDir, database.url);
      expect(over.code).toBe(1);
      expect(over.stderr).toMatch(/already holds a database|is not empty/);
      await database.reopen();
    },
    COMMANDS_TIMEOUT,
  );
});
