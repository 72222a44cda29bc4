/**
 * What our form controls read from Conform (docs/architecture.md, "Upgrade watch list"): four
 * fields of its field metadata (id, name, errors, initialValue) instead of its prop helpers, and
 * the name of its intent buttons. Rendered with a real Conform form, as the server does.
 */

import { readFileSync } from "node:fs";
import { type SubmissionResult, useForm } from "@conform-to/react";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Alert,
  CheckboxField,
  ChoiceGroup,
  Field,
  Input,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/form-controls";
import { CONFORM_INTENT } from "~/features/quotes/quote-form";

const options = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
];

/** A submission the server refused: what was typed comes back with the errors. */
const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: {
    email: "someone@",
    notes: "Basement smells damp",
    method: "phone",
    days: ["email", "phone"],
    agree: "on",
  },
  error: { email: ["Please enter a valid email address"], method: ["Pick one"] },
};

function Form({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{
    email: string;
    notes: string;
    method: string;
    days: string[];
    agree: string;
  }>({ id: "watch", lastResult });
  return createElement(
    Fragment,
    null,
    createElement(TextField, { meta: fields.email, label: "Email", required: true }),
    createElement(TextAreaField, { meta: fields.notes, label: "Notes" }),
    createElement(SelectField, { meta: fields.method, label: "Method", options }),
    createElement(ChoiceGroup, { meta: fields.days, label: "Days", options }),
    createElement(CheckboxField, { meta: fields.agree, label: "I agree" }),
    createElement("button", { ...form.reset.getButtonProps(), type: "submit" }, "Reset"),
  );
}

const render = (lastResult?: SubmissionResult<string[]>) =>
  renderToString(createElement(Form, { lastResult }));
const tagOf = (html: string, name: string) =>
  html.match(new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"[^>]*>`))?.[0] ?? "";

describe("Conform's field metadata as our controls read it", () => {
  it("gives each control Conform's id and name, unmarked and empty on a first render", () => {
    const html = render();
    const email = tagOf(html, "email");
    expect(email).toMatch(/id="watch-email"/);
    expect(html).toContain('<label for="watch-email"');
    expect(email).not.toContain("aria-invalid");
    expect(email).not.toContain("value=");
    expect(html).not.toContain('id="watch-email-error"');
  });

  it("shows a refused submission's values and errors, linked to their controls", () => {
    const html = render(refused);
    const email = tagOf(html, "email");
    expect(email).toContain('value="someone@"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="watch-email-error"');
    expect(html).toMatch(/<p id="watch-email-error"[^>]*>Please enter a valid email address<\/p>/);
    expect(html).toMatch(/<textarea[^>]*name="notes"[^>]*>Basement smells damp<\/textarea>/);
    expect(html).toMatch(/<option value="phone" selected="">Phone<\/option>/);
    expect(html).toContain(
      '<p id="watch-method-error" class="mt-1 text-sm font-medium text-error">Pick one</p>',
    );
    // several answers come back as a list: both boxes stay ticked
    const days = html.match(/<input type="checkbox"[^>]*name="days"[^>]*>/g) ?? [];
    expect(days).toHaveLength(2);
    for (const box of days) expect(box).toContain('checked=""');
    expect(tagOf(html, "agree")).toContain('checked=""');
  });
});

describe("Conform's intent buttons", () => {
  it("are named as the quote and blog forms expect (their submits are not the form's)", () => {
    expect(render()).toMatch(new RegExp(`<button[^>]*name="${CONFORM_INTENT}"`));
    expect(CONFORM_INTENT).toBe("__intent__"); // features/blog/post-editor.tsx compares with it too
  });
});

describe("the kit's Field and Alert (forms without Conform)", () => {
  const field = (errors?: string[]) =>
    renderToString(
      createElement(Field, {
        id: "new-status",
        label: "New status",
        errors,
        description: "Told to the customer",
        // biome-ignore lint/correctness/noChildrenProp: createElement types a render-function child only as a prop
        children: (aria) => createElement(Input, { name: "status", ...aria }),
      }),
    );

  it("ties the label and description to the control, unmarked while valid", () => {
    const html = field();
    expect(html).toContain('<label for="new-status"');
    expect(tagOf(html, "status")).toContain('aria-describedby="new-status-description"');
    expect(tagOf(html, "status")).not.toContain("aria-invalid");
  });

  it("marks the control invalid and points it at its error first", () => {
    const html = field(["Pick a status"]);
    const input = tagOf(html, "status");
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="new-status-error new-status-description"');
    expect(html).toMatch(
      /<p id="new-status-error" class="[^"]*text-error[^"]*">Pick a status<\/p>/,
    );
  });

  it("announces errors as alerts and successes as status, in the named colours", () => {
    const error = renderToString(createElement(Alert, null, "No"));
    const success = renderToString(createElement(Alert, { tone: "success" }, "Yes"));
    expect(error).toMatch(/role="alert"[^>]*class="[^"]*text-error-strong/);
    expect(success).toMatch(/role="status"[^>]*class="[^"]*text-success-strong/);
  });
});

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const channel = (i: number) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe("the theme's error and success colours (app/app.css)", () => {
  const css = readFileSync("app/app.css", "utf8");
  const token = (name: string) => css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`))?.[1];

  it.each(["error", "success"])(
    "%s text meets AA (4.5:1) on white and on its own background",
    (tone) => {
      const subtle = token(`${tone}-subtle`) ?? "";
      for (const text of [token(tone), token(`${tone}-strong`)]) {
        expect(text).toMatch(/^#/);
        expect(contrast(text ?? "", "#ffffff")).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text ?? "", subtle)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("no form control uses a raw red or green class instead of the tokens", () => {
    const kit = readFileSync("app/components/ui/form-controls.tsx", "utf8");
    expect(kit).not.toMatch(/\b(?:text|border|bg|ring)-(?:red|green)-\d/);
  });
});
