/**
 * The systemd units of deploy/ as systemd itself reads them: `systemd-analyze verify` (Debian's
 * systemd package; no running systemd needed) finds no unknown key, no unreadable value and no
 * missing program in the server's unit, the backup service and its timer, and the server's unit
 * keeps what docs/deploy.md promises (restart on failure, the environment file, a user of its
 * own, a read-only system with DATA_DIR writable). The server's unit is verified as the instance
 * `remediation@3001` with its program pointed at this checkout's Node (/srv/remediation is the
 * server's); every other line is the shipped one.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";
const SERVER_UNIT = "deploy/remediation@.service";
const INSTALLED_NODE = "/srv/remediation/node_modules/.bin/node";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-units-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The shipped server unit as instance `remediation@3001`, with `change` applied to its text. */
function serverInstance(change: (text: string) => string = (text) => text): string {
  const shipped = fs.readFileSync(SERVER_UNIT, "utf8");
  expect(shipped).toContain(`ExecStart=${INSTALLED_NODE} server.ts`);
  const file = path.join(dir, "remediation@3001.service");
  const local = shipped.replace(INSTALLED_NODE, path.resolve("node_modules/.bin/node"));
  fs.writeFileSync(file, change(local));
  return file;
}

/** `systemd-analyze verify` of `files`: its exit code and everything it printed. */
async function verify(...files: string[]): Promise<{ code: number; output: string }> {
  const outcome = await run(SYSTEMD_ANALYZE, ["verify", "--man=no", ...files]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout: string; stderr: string }) => ({
      code: error.code ?? 1,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
  return { code: outcome.code, output: `${outcome.stdout}${outcome.stderr}`.trim() };
}

/** The values of `key` in the unit text `unit` (every `key=` line, in order). */
function values(unit: string, key: string): string[] {
  return unit
    .split("\n")
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1).trim());
}

describe("the systemd units of deploy/", () => {
  it("systemd-analyze verify finds nothing to say about the server's unit, the backup service and its timer", async () => {
    expect(fs.existsSync(SYSTEMD_ANALYZE), "apt-get install systemd").toBe(true);
    expect(await verify(serverInstance())).toEqual({ code: 0, output: "" });
    expect(
      await verify("deploy/remediation-backup.service", "deploy/remediation-backup.timer"),
    ).toEqual({ code: 0, output: "" });
  });

  it("the same check speaks up about a mistyped key, a bad value and a missing program", async () => {
    const mistaken = await verify(
      serverInstance((text) =>
        text
          .replace("ProtectSystem=strict", "ProtectSystem=strikt")
          .replace("NoNewPrivileges=", "NoNewPrivilege=")
          .replace(/^ExecStart=\S+/m, "ExecStart=/nonexistent/node"),
      ),
    );
    expect(mistaken.output).toContain("Failed to parse protect system value");
    expect(mistaken.output).toContain("Unknown key 'NoNewPrivilege'");
    expect(mistaken.code).not.toBe(0);
  });

  it("the server's unit restarts on failure, reads the environment file, runs as its own user, with only DATA_DIR writable", () => {
    const unit = fs.readFileSync(SERVER_UNIT, "utf8");
    expect(values(unit, "Restart")).toEqual(["on-failure"]);
    expect(values(unit, "EnvironmentFile")).toEqual(["/etc/remediation/env"]);
    const [user] = values(unit, "User");
    expect(user).toBeTruthy();
    expect(user).not.toBe("root");
    expect(values(unit, "ProtectSystem")).toEqual(["strict"]);
    const environment = values(unit, "Environment").join(" ").split(/\s+/);
    const dataDir = environment.find((setting) => setting.startsWith("DATA_DIR="))?.slice(9);
    expect(dataDir).toBe("/var/lib/remediation/%i");
    expect(values(unit, "ReadWritePaths")).toEqual([dataDir]);
    expect(environment).toContain("TRUST_PROXY=1");
  });
});
