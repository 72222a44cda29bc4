/**
 * A new PostgreSQL database for one test's use, without Vitest's helpers: the browser-stage specs
 * (tests/e2e/cluster.spec.ts) use it too.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

/**
 * Creates a new, empty PostgreSQL database next to the one `base` names (same server and user).
 * @returns its connection string and a function dropping it (connections forced closed)
 */
export async function createPostgresDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    drop: async () => {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
