/**
 * The owner's share links of a property's record: make a read-only link for a
 * buyer or an inspector, valid 7, 30 or 90 days; the new link is shown once (only its hash is
 * kept); the live links are listed with their expiry, each with a Revoke button. Plain forms.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Field, Input, Select } from "~/components/ui/form-controls";
import { RowActionForm } from "~/components/ui/row-action-form";
import { useIsPending } from "~/components/ui/use-is-pending";
import { SHARE_INTENTS, SHARE_LINK_DAYS } from "./share-schema";

export function ShareLinksSection({
  links,
  shared,
  result,
}: {
  links: { id: string; createdAt: string; expiresAt: string }[];
  shared: { url: string; expiresAt: string } | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPending({ field: ["intent", SHARE_INTENTS.share] });
  return (
    <TitledCard title="Share this record" bodyClassName="space-y-4">
      <p className="text-sm text-slate-700">
        A share link lets a buyer or an inspector read this record without an account: the address,
        the test results and their lab reports. Your name, email, phone and your photos are not
        shown. You can revoke a link at any time.
      </p>
      {shared && (
        <Alert tone="success">
          <p>Your share link works until {shared.expiresAt}. Copy it now: it is shown only once.</p>
          <Field id="share-url" label="Share link" className="mt-2">
            {(aria) => <Input {...aria} readOnly value={shared.url} />}
          </Field>
        </Alert>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value={SHARE_INTENTS.share} />
        <Field id="share-days" label="Link works for" errors={result?.error?.days ?? undefined}>
          {(aria) => (
            <Select {...aria} name="days" defaultValue="30" size="md" className="w-40">
              {SHARE_LINK_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create share link"}
        </Button>
      </Form>
      {links.length === 0 ? (
        <p className="text-sm text-slate-700">No share link is live.</p>
      ) : (
        <ul aria-label="Live share links" className="space-y-2">
          {links.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm"
            >
              <span>
                Created {link.createdAt}; works until {link.expiresAt}
              </span>
              <RowActionForm
                intent={SHARE_INTENTS.revoke}
                fields={{ linkId: link.id }}
                label={`Revoke the link that works until ${link.expiresAt}`}
              >
                Revoke
              </RowActionForm>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
