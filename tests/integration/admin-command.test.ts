import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth } from "~/features/accounts/auth.server";
import { db } from "~/lib/db.server";
import { freshDatabase, type TestDatabase } from "../setup/database";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

// each command is a process of its own (tsx, the app's modules, PGlite): 3-4 s on an idle
// machine, 15 s under load, and the log test runs two; a test cut off mid-command leaves the
// database half closed for the next file, so the budget is generous
describe("npm run admin:grant / admin:revoke", { timeout: 150_000 }, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase("pglite");
    await auth().api.signUpEmail({
      body: { email: "boss@example.com", password: "correct horse 42", name: "Boss" },
    });
  });
  afterEach(async () => {
    await database.dispose();
  });

  async function admin(command: "grant" | "revoke", email: string, logLevel = "silent") {
    // the command opens the database itself, so this process lets go of it meanwhile (PGlite)
    await database.close();
    try {
      return await run(tsx, ["scripts/admin.ts", command, email], {
        env: { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: "", LOG_LEVEL: logLevel },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    } finally {
      await database.reopen();
    }
  }
  const isAdmin = async () => {
    const [u] = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "boss@example.com"));
    const [p] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, u!.id));
    return p?.is_admin ?? false;
  };

  it("sets and clears profiles.is_admin for an existing account, by email in any case", async () => {
    const granted = await admin("grant", "BOSS@example.com");
    expect(granted.stdout).toContain("boss@example.com is now an admin.");
    expect(await isAdmin()).toBe(true);
    const revoked = await admin("revoke", "boss@example.com");
    expect(revoked.stdout).toContain("boss@example.com is no longer an admin.");
    expect(await isAdmin()).toBe(false);
  });

  it("says so and exits non-zero for an unknown email", async () => {
    const outcome = (await admin("grant", "nobody@example.com")) as {
      code?: number;
      stderr: string;
    };
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain("No account uses nobody@example.com");
  });

  it("logs each grant and revoke as one security event line with the account's id (ASVS V16.3)", async () => {
    const [account] = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "boss@example.com"));
    for (const command of ["grant", "revoke"] as const) {
      const { stdout } = await admin(command, "boss@example.com", "info");
      const events = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.security === true);
      expect(events).toEqual([
        expect.objectContaining({
          event: `admin.${command}`,
          userId: account!.id,
          via: "command line",
        }),
      ]);
      expect(stdout).not.toMatch(/password|argon2|correct horse/i);
    }
  });
});
