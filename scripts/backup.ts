/**
 * Backs up or restores the whole site: the database and the files under $DATA_DIR
 * (lib/backup.server.ts; README "Backup and restore"). Usage:
 *   npm run backup                 writes backups/remediation-<driver>-<UTC time>.tar.gz
 *   npm run backup -- FILE         writes FILE
 *   npm run restore -- FILE        restores FILE into an empty DATA_DIR / DATABASE_URL
 * These read the server's environment (DATA_DIR, DATABASE_URL). On PGlite stop the server first
 * (one process per data directory); on PostgreSQL a backup runs beside it.
 */
import path from "node:path";
import { createBackup, restoreBackup } from "~/lib/backup.server";
import { env } from "~/lib/env.server";

const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || (command === "restore" && !file)) {
  console.error("Usage: npm run backup [-- FILE]   or   npm run restore -- FILE");
  process.exit(2);
}

try {
  const config = env();
  const target = {
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    dataDir: path.resolve(config.DATA_DIR),
  };
  if (command === "backup") {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    const driver = target.url ? "postgres" : "pglite";
    const out = file ?? path.join("backups", `remediation-${driver}-${stamp}.tar.gz`);
    const manifest = await createBackup(target, out);
    console.log(`Backup written: ${out} (${manifest.driver} database, ${manifest.files} files)`);
  } else {
    const manifest = await restoreBackup(target, file as string);
    console.log(
      `Restored the ${manifest.driver} backup of ${manifest.createdAt} (${manifest.files} files). ` +
        "Start the server: it applies any newer migrations.",
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
