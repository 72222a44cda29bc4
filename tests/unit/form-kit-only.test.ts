/**
 * Every visible form control in app/ comes from the form kit (app/components/ui/form-controls.tsx):
 * outside components/ui no raw <input> other than type="hidden", and no raw <select> or
 * <textarea>. Raw controls drift from the kit's look, its error colour and its size variants.
 * Each .tsx file is parsed by swc (TypeScript 7 has no compiler API), so a control split over
 * many lines or inside a map is found as surely as a one-liner.
 */
import fs from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

const RAW_CONTROLS = new Set(["input", "select", "textarea"]);

/** The string value of a JSX attribute given as a literal (`type="hidden"`), else undefined. */
function literalAttribute(element: Record<string, unknown>, name: string): string | undefined {
  for (const attribute of element.attributes as Record<string, unknown>[]) {
    if (attribute.type !== "JSXAttribute") continue;
    const attrName = attribute.name as { type: string; value?: string };
    if (attrName.type !== "Identifier" || attrName.value !== name) continue;
    const value = attribute.value as { type: string; value?: unknown } | null;
    return value?.type === "StringLiteral" ? String(value.value) : undefined;
  }
  return undefined;
}

/**
 * The raw controls in one TSX source that should come from the kit, each described by its tag
 * and the id or name it is given (e.g. `<input id={...}>`), in source order.
 */
function rawControls(source: string): string[] {
  const module = parseSync(source, { syntax: "typescript", tsx: true });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.type === "JSXOpeningElement") {
      const name = record.name as { type: string; value?: string };
      const tag = name.type === "Identifier" ? (name.value ?? "") : "";
      if (RAW_CONTROLS.has(tag)) {
        const type = literalAttribute(record, "type");
        if (!(tag === "input" && type === "hidden")) {
          const label = literalAttribute(record, "name") ?? literalAttribute(record, "id");
          found.push(`<${tag}${type ? ` type="${type}"` : ""}${label ? ` ${label}` : ""}>`);
        }
      }
    }
    for (const value of Object.values(record)) {
      if (value && typeof value === "object") visit(value);
    }
  };
  visit(module.body);
  return found;
}

describe("form controls come from the kit", () => {
  it("finds raw controls however they are written, and lets hidden inputs and the kit pass", () => {
    const source = `
      import { Input } from "~/components/ui/form-controls";
      export function Sample({ items }: { items: string[] }) {
        return (
          <form>
            <input type="hidden" name="intent" value="save" />
            <Input name="kit" />
            <input
              name="q"
              className="h-10 rounded-md border"
            />
            {items.map((item) => <select key={item} name={item} />)}
            <textarea name="notes"></textarea>
            <input type="file" />
          </form>
        );
      }`;
    expect(rawControls(source)).toEqual([
      "<input q>",
      "<select>",
      "<textarea notes>",
      '<input type="file">',
    ]);
  });

  it("has none outside components/ui", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = fs
      .globSync("app/**/*.tsx", { cwd: root })
      .filter((file) => !file.startsWith(path.join("app", "components", "ui") + path.sep));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      rawControls(fs.readFileSync(path.join(root, file), "utf8")).map(
        (control) => `${file}: ${control}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
