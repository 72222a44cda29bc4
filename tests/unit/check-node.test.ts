import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs the preinstall check as npm would, with the Node version npm reports in its user agent. */
function check(nodeVersion: string) {
  const result = spawnSync(process.execPath, ["scripts/check-node.cjs"], {
    env: { ...process.env, npm_config_user_agent: `npm/11.19.1 node/${nodeVersion} linux x64` },
    encoding: "utf8",
  });
  return { status: result.status, stderr: result.stderr };
}

describe("preinstall Node check (npm 11's own range: ^20.17.0 || >=22.9.0)", () => {
  it.each(["v20.17.0", "v20.20.2", "v22.9.0", "v24.21.0", "v26.1.0"])("lets %s install", (v) => {
    expect(check(v)).toEqual({ status: 0, stderr: "" });
  });

  it.each(["v18.20.8", "v20.16.0", "v21.7.3", "v22.8.0"])("stops %s with one clear line", (v) => {
    const { status, stderr } = check(v);
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain(`found ${v}`);
    expect(stderr).toContain("https://nodejs.org");
  });
});
