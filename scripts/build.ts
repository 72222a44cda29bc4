/**
 * The production build, with a stamp of what it was built from: `npm run build` always builds
 * (`react-router build`) and then writes `build/source-fingerprint`; `npm start` runs this with
 * `--if-stale` first, which skips the build (about 50 s) when the stamp matches the sources, and
 * builds when there is no build, no stamp, or any input changed.
 *
 * The fingerprint is the SHA-256 of every input file's path and content (BUILD_INPUTS): the app,
 * the public files, the build configuration and the lockfile (a changed dependency). Contents,
 * not modification times, so a fresh clone or a `git checkout` that touches files but changes
 * nothing does not rebuild, and an edit always does. Plain Node (type stripping).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the build reads, relative to the project root: folders (walked) and files. */
export const BUILD_INPUTS = [
  "app",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
] as const;

/** Where the stamp is kept, relative to the project root (inside the build it describes). */
export const STAMP = path.join("build", "source-fingerprint");

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() || entry.isFile()
        ? filesUnder(root, path.join(relative, entry.name))
        : [],
    );
}

/**
 * The SHA-256 (hex) of the build's inputs under `root`: each file's path (with `/`) and content,
 * in path order.
 */
export function sourceFingerprint(root: string): string {
  const digest = createHash("sha256");
  const files = BUILD_INPUTS.flatMap((input) => filesUnder(root, input))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  for (const file of files) {
    digest.update(`${file}\0`);
    digest.update(fs.readFileSync(path.join(root, file)));
    digest.update("\0");
  }
  return digest.digest("hex");
}

/** True when `root`'s build was made from its current sources (the stamp matches). */
export function buildIsCurrent(root: string, fingerprint = sourceFingerprint(root)): boolean {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(path.join(root, "build", "server", "index.js")) || !fs.existsSync(stamp)) {
    return false;
  }
  return fs.readFileSync(stamp, "utf8").trim() === fingerprint;
}

/** The command that builds (tests give another). */
export const BUILD_COMMAND = ["npx", "react-router", "build"] as const;

/**
 * Builds `root` with `command` unless `ifStale` and its build is current; the stamp records the
 * sources as they were when the build started (an edit during the build makes the next start
 * build again).
 * @returns "skipped" or "built"
 * @throws Error when the build fails (no stamp is written, so the next start builds again)
 */
export function build(
  root: string,
  ifStale: boolean,
  command: readonly string[] = BUILD_COMMAND,
): "skipped" | "built" {
  const fingerprint = sourceFingerprint(root);
  if (ifStale && buildIsCurrent(root, fingerprint)) return "skipped";
  fs.rmSync(path.join(root, STAMP), { force: true });
  const [program = "", ...args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0)
    throw new Error(`the build failed (${command.join(" ")}: status ${result.status})`);
  fs.writeFileSync(path.join(root, STAMP), `${fingerprint}\n`);
  return "built";
}

if (import.meta.main) {
  const ifStale = process.argv.includes("--if-stale");
  try {
    if (build(process.cwd(), ifStale) === "skipped") {
      console.log(
        "The build is up to date with the sources (build/source-fingerprint): starting without rebuilding.",
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
