/**
 * Backups of everything the site keeps, as one .tar.gz file: the database (PGlite: its data
 * directory as PGlite's own `dumpDataDir()` tarball; PostgreSQL: `pg_dump --format=custom`) and
 * the files under $DATA_DIR that the database refers to or depends on (`files/`: the disk file
 * storage; `uploads/`: blog images of versions before it, moved into the storage at start-up;
 * and the generated `auth-secret` that signs sessions and encrypts two-factor secrets when
 * AUTH_SECRET is not set). Files kept in S3 (S3_BUCKET) are not in the backup: the bucket has
 * its own versioning and replication. `npm run backup` / `npm run restore` (scripts/) call
 * these; README "Backup and restore" is the operator's guide.
 *
 * Archive: manifest.json, database/pglite.tar.gz | database/postgres.dump, files/files/...,
 * files/uploads/..., files/auth-secret.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import * as tar from "tar";
import { DatabaseLockedError, pgliteLockFile } from "./db.server";
import { childProcessEnv } from "./env.server";
import { lockExclusively } from "./process-lock.server";

const run = promisify(execFile);

/** What a backup is taken from or restored into (the server's own configuration). */
export interface BackupTarget {
  /** DATABASE_URL: PostgreSQL; absent: PGlite in `pgliteDir` */
  url?: string;
  pgliteDir: string;
  /** $DATA_DIR, whose `files/`, `uploads/` and `auth-secret` belong to the backup */
  dataDir: string;
}

interface Manifest {
  format: "remediation-backup";
  version: 1;
  driver: "pglite" | "postgres";
  createdAt: string;
  /** files under files/, for the restore's report */
  files: number;
}

/** Files under $DATA_DIR that a backup carries (folders whole). */
const DATA_FILES = ["files", "uploads", "auth-secret"];
/** Of those, the folders a restore adds to the target's. */
const DATA_FOLDERS = ["files", "uploads"];

/**
 * Writes a backup of `target` to `file` (written whole, or not at all). On PGlite the server must
 * be stopped (one process per data directory); on PostgreSQL it may run (pg_dump reads one
 * consistent snapshot; an upload made meanwhile may be missing from the files).
 * @returns the manifest written into the archive
 * @throws DatabaseLockedError (PGlite, server running); an Error when there is no database, or
 *   pg_dump is missing or fails
 */
export async function createBackup(target: BackupTarget, file: string): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-backup-"));
  const partial = `${file}.partial`;
  try {
    fs.mkdirSync(path.join(work, "database"));
    const driver = target.url ? "postgres" : "pglite";
    if (target.url) await dumpPostgres(target.url, path.join(work, "database", "postgres.dump"));
    else await dumpPglite(target.pgliteDir, path.join(work, "database", "pglite.tar.gz"));
    fs.mkdirSync(path.join(work, "files"));
    for (const name of DATA_FILES) {
      const from = path.join(target.dataDir, name);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(work, "files", name), { recursive: true });
    }
    const manifest: Manifest = {
      format: "remediation-backup",
      version: 1,
      driver,
      createdAt: new Date().toISOString(),
      files: countFiles(path.join(work, "files")),
    };
    fs.writeFileSync(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      "manifest.json",
      "database",
      "files",
    ]);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores backup `file` into `target`, which must be empty: no PGlite directory (or an empty
 * one), or a PostgreSQL database without tables. Stored files are added to $DATA_DIR/files (and
 * $DATA_DIR/uploads) and
 * the backup's `auth-secret` replaces the target's. Nothing is written before every check passed.
 * Start the server afterwards: it applies any migration newer than the backup.
 * @returns the backup's manifest
 * @throws an Error saying what to do when the file is no backup, is of the other driver, or the
 *   target is not empty; DatabaseLockedError when a server holds the PGlite directory
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-restore-"));
  try {
    await tar.extract({ file, cwd: work, strict: true }).catch(() => {
      throw new Error(`${file} is not a backup made by npm run backup (not a .tar.gz file)`);
    });
    const manifest = readManifest(path.join(work, "manifest.json"), file);
    const driver = target.url ? "postgres" : "pglite";
    if (manifest.driver !== driver) {
      throw new Error(
        manifest.driver === "pglite"
          ? "This backup holds a PGlite database: unset DATABASE_URL to restore it into $DATA_DIR/db."
          : "This backup holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.",
      );
    }
    if (target.url) {
      await restorePostgres(target.url, path.join(work, "database", "postgres.dump"));
    } else {
      await restorePglite(target.pgliteDir, path.join(work, "database", "pglite.tar.gz"));
    }
    const files = path.join(work, "files");
    fs.mkdirSync(target.dataDir, { recursive: true });
    for (const folder of DATA_FOLDERS) {
      if (fs.existsSync(path.join(files, folder))) {
        fs.cpSync(path.join(files, folder), path.join(target.dataDir, folder), { recursive: true });
      }
    }
    if (fs.existsSync(path.join(files, "auth-secret"))) {
      fs.copyFileSync(path.join(files, "auth-secret"), path.join(target.dataDir, "auth-secret"));
      fs.chmodSync(path.join(target.dataDir, "auth-secret"), 0o600);
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(file: string, archive: string): Manifest {
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    // reported below
  }
  if (manifest?.format !== "remediation-backup" || manifest.version !== 1) {
    throw new Error(`${archive} is not a backup made by npm run backup (no manifest)`);
  }
  return manifest as Manifest;
}

function countFiles(dir: string): number {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

/** Runs `action` holding PGlite directory `dir` (refused while a server has it). */
async function withPgliteDirectory<T>(dir: string, action: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockExclusively(pgliteLockFile(dir));
  if (!unlock) throw new DatabaseLockedError(dir);
  try {
    return await action();
  } finally {
    unlock();
  }
}

const hasPgliteDatabase = (dir: string) => fs.existsSync(path.join(dir, "PG_VERSION"));

async function dumpPglite(dir: string, file: string): Promise<void> {
  await withPgliteDirectory(dir, async () => {
    // new PGlite() on an empty folder would create a database: there must be one already
    if (!hasPgliteDatabase(dir)) throw new Error(`There is no PGlite database in ${dir}.`);
    const pg = await PGlite.create(dir, { extensions: { btree_gist, pg_trgm } });
    try {
      const dump = await pg.dumpDataDir("gzip");
      fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
  });
}

async function restorePglite(dir: string, file: string): Promise<void> {
  await withPgliteDirectory(dir, async () => {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new Error(
        `${dir} already holds a database: move it aside (or point DATA_DIR at an empty folder) and restore again.`,
      );
    }
    const pg = await PGlite.create(dir, {
      extensions: { btree_gist, pg_trgm },
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    await pg.close();
  });
}

/**
 * The connection for PostgreSQL's command-line tools: the URL without its password (command
 * lines are visible to every user of the machine) and the password in PGPASSWORD.
 */
function pgToolConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.href,
    env: childProcessEnv(password ? { PGPASSWORD: password } : {}),
  };
}

async function pgTool(tool: "pg_dump" | "pg_restore", args: string[], url: string) {
  const { dbname, env } = pgToolConnection(url);
  await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: NodeJS.ErrnoException & { stderr?: string }) => {
      throw new Error(
        error.code === "ENOENT"
          ? `${tool} was not found: install PostgreSQL's client tools (the server's major version or newer).`
          : `${tool} failed: ${(error.stderr ?? error.message).trim()}`,
      );
    },
  );
}

async function dumpPostgres(url: string, file: string): Promise<void> {
  await pgTool(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`],
    url,
  );
}

async function restorePostgres(url: string, file: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [row] = await sql<{ tables: number }[]>`
      select count(*)::int as tables from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`;
    if ((row?.tables ?? 0) > 0) {
      throw new Error(
        "The database DATABASE_URL names is not empty: create a new, empty database and restore into it.",
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  await pgTool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file],
    url,
  );
}
