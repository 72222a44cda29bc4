/**
 * The back office's "Change status" form: the next status and an internal note, posted to the
 * quote page's own action, which checks the move again (features/quotes/status-change.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Field, Select, Textarea } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { quoteStatus } from "~/features/catalog/enums";

/** The form, or the sentence saying `status` is final when nothing comes after it. */
export function StatusChangeForm({
  status,
  nextStatuses,
  result,
}: {
  status: string;
  nextStatuses: readonly string[];
  result: SubmissionResult<string[]> | undefined;
}) {
  // not the estimate builder's posts to the same action (they send an intent)
  const busy = useIsPending({ field: ["intent", null] });
  if (nextStatuses.length === 0) return <p>{quoteStatus.label(status)} is a final status.</p>;
  const errors = result?.error ?? {};
  const formErrors = errors[""] ?? [];
  return (
    <Form method="post" className="space-y-4" noValidate>
      {formErrors.length > 0 && <Alert>{formErrors.join(" ")}</Alert>}
      <input type="hidden" name="expectedStatus" value={status} />
      <Field id="new-status" label="New status" errors={errors.status ?? undefined}>
        {(aria) => (
          <Select {...aria} name="status" required>
            {nextStatuses.map((s) => (
              <option key={s} value={s}>
                {quoteStatus.label(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id="status-notes"
        label="Notes (optional, internal)"
        errors={errors.notes ?? undefined}
      >
        {(aria) => <Textarea {...aria} name="notes" rows={3} maxLength={2000} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Change status"}
      </Button>
    </Form>
  );
}
