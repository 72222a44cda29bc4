import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { checkedPages } from "../setup/public-pages";

// The HTML standard, accessibility and document rules; not the stylistic preset (React writes
// `<meta/>` and `charSet`, both valid HTML).
const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:a11y", "html-validate:document"],
  rules: {
    // subresource integrity matters for other origins; every asset here is our own
    "require-sri": ["error", { target: "crossorigin" }],
    // a label that wraps its control and also names it with `for` is valid and harmless
    "no-redundant-for": "off",
  },
});

for (const page of checkedPages()) {
  test(`${page} is valid HTML (html-validate)`, async ({ request }) => {
    const response = await request.get(page);
    expect(response.status()).toBe(200);
    const report = await validator.validateString(await response.text(), page);
    const errors = report.results.flatMap((result) =>
      result.messages
        .filter((message) => message.severity === 2)
        .map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} [${m.selector ?? ""}]`),
    );
    expect(errors).toEqual([]);
  });
}
