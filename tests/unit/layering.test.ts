import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LIB = path.resolve("app/lib");

/** Every module specifier a source file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((m) => m[1] as string);
}

/** Whether `specifier`, imported from `file`, points into app/features. */
function reachesFeatures(file: string, specifier: string): boolean {
  if (specifier.startsWith("~/")) return specifier.startsWith("~/features/");
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return target.startsWith(path.resolve("app/features") + path.sep);
}

describe("layering (DESIGN: app/lib never imports app/features)", () => {
  const files = fs
    .readdirSync(LIB, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => path.join(LIB, name));

  it("finds the library's modules", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("no module under app/lib imports from app/features", () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => reachesFeatures(file, specifier))
        .map((specifier) => `${path.relative(process.cwd(), file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("recognises an import into app/features, aliased or relative", () => {
    const file = path.join(LIB, "x.server.ts");
    expect(reachesFeatures(file, "~/features/accounts/profiles.server")).toBe(true);
    expect(reachesFeatures(file, "../features/catalog/company")).toBe(true);
    expect(reachesFeatures(file, "./db.server")).toBe(false);
    expect(reachesFeatures(file, "react-router")).toBe(false);
    expect(importsOf(path.resolve("app/features/accounts/auth.server.ts"))).toContain(
      "./claims.server",
    );
  });
});
