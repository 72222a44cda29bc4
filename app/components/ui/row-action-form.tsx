import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./button";

/**
 * The one-button form of a list's row (revoke, remove, sign out): posts `intent` and `fields`
 * as hidden inputs (to `action`, else the page's own), its small outline button reading
 * `children` with `label` as its accessible name, which says what row it acts on.
 */
export function RowActionForm({
  intent,
  fields,
  label,
  action,
  children,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  action?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="sm" aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
