/**
 * `npm start` builds only when the build is missing or older than its sources
 * (scripts/build.ts): a second start on an up-to-date build skips the 50-second build.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, build, STAMP } from "../../scripts/build.ts";

/** A stand-in for `react-router build`: empties build/, writes the server entry, counts runs. */
const fakeBuild = [
  process.execPath,
  "-e",
  `const fs = require("node:fs");
   fs.rmSync("build", { recursive: true, force: true });
   fs.mkdirSync("build/server", { recursive: true });
   fs.writeFileSync("build/server/index.js", "export {}");
   fs.appendFileSync("builds.count", "x");`,
];
const failingBuild = [process.execPath, "-e", "process.exit(3)"];

describe("the start-up build (scripts/build.ts)", () => {
  let root: string;
  const builds = () => fs.readFileSync(path.join(root, "builds.count"), "utf8").length;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "start-build-"));
    write("app/root.tsx", "export default 1;");
    write("public/favicon.svg", "<svg/>");
    write("package.json", "{}");
    write("package-lock.json", "{}");
    write("tests/unit/a.test.ts", "1");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("builds when there is no build, then skips while the sources stay the same", () => {
    expect(build(root, true, fakeBuild)).toBe("built");
    expect(builds()).toBe(1);
    expect(fs.readFileSync(path.join(root, STAMP), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    expect(build(root, true, fakeBuild)).toBe("skipped");
    // a checkout that touches files without changing them, or a change outside the inputs
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "app/root.tsx"), later, later);
    write("tests/unit/a.test.ts", "2");
    expect(build(root, true, fakeBuild)).toBe("skipped");
    expect(builds()).toBe(1);
  });

  it("builds again after any input changes, and `npm run build` always builds", () => {
    build(root, true, fakeBuild);
    for (const [file, content] of [
      ["app/root.tsx", "export default 2;"],
      ["app/routes/new.tsx", "export default 3;"],
      ["public/favicon.svg", "<svg></svg>"],
      ["package-lock.json", '{"lockfileVersion":3}'],
    ] as const) {
      const before = builds();
      write(file, content);
      expect(build(root, true, fakeBuild), file).toBe("built");
      expect(builds()).toBe(before + 1);
      expect(build(root, true, fakeBuild), file).toBe("skipped");
    }
    fs.rmSync(path.join(root, "app/routes/new.tsx"));
    expect(build(root, true, fakeBuild)).toBe("built");
    expect(build(root, false, fakeBuild)).toBe("built");
    expect(BUILD_INPUTS).toEqual(expect.arrayContaining(["app", "public", "package-lock.json"]));
  });

  it("builds again when the build was removed or the last build failed", () => {
    build(root, true, fakeBuild);
    fs.rmSync(path.join(root, "build/server/index.js"));
    expect(build(root, true, fakeBuild)).toBe("built");
    write("app/root.tsx", "broken");
    expect(() => build(root, true, failingBuild)).toThrow(/the build failed/);
    expect(fs.existsSync(path.join(root, STAMP))).toBe(false);
    expect(build(root, true, fakeBuild)).toBe("built");
  });

  it("is what `npm start` runs first, and what `npm run build` runs", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.prestart).toBe("node scripts/build.ts --if-stale");
    expect(scripts.build).toBe("node scripts/build.ts");
  });
});
