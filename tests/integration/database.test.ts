import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase } from "~/lib/db.server";

describe("PGlite data directory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-lock-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a second opener at once with a clear message, and frees the directory on close", async () => {
    const first = await openDatabase({ pgliteDir: path.join(dir, "db") });
    const started = Date.now();
    const second = openDatabase({ pgliteDir: path.join(dir, "db") });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(/already in use by another process/);
    expect(Date.now() - started).toBeLessThan(2000);
    await first.close();
    const again = await openDatabase({ pgliteDir: path.join(dir, "db") });
    await again.close();
  });
});
