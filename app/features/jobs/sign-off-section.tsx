/**
 * The admin job page's 'Homeowner sign-off' card: the crew hands the phone to the homeowner, who
 * signs or leaves a punch-list comment (sign-off-form.tsx); staff may also email a fresh private
 * link. Before completion it only says when the sign-off comes; once signed, staff see the drawn
 * signature (from the admin-only signature route) beside who signed and when.
 */
import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import type { SignOffView } from "./sign-off";
import { SignOff, signOffReply } from "./sign-off-form";

export function SignOffSection({
  jobId,
  view,
  completed,
  actionData,
}: {
  jobId: string;
  view: SignOffView;
  completed: boolean;
  /** the page's action data (a refused sign-off form's reply is taken from it) */
  actionData?: unknown;
}) {
  return (
    <TitledCard id="sign-off" title="Homeowner sign-off" bodyClassName="space-y-4">
      {!completed ? (
        <p className="text-sm text-slate-700">
          The homeowner signs off once the job is completed: here on your phone, or from the private
          link they are emailed at completion.
        </p>
      ) : (
        <>
          {!view.signed && (
            <p className="text-sm text-slate-700">Waiting for the homeowner's sign-off.</p>
          )}
          <SignOff
            view={view}
            actionData={signOffReply(actionData)}
            level="h4"
            crewPhone
            open={completed}
          />
          {view.signed?.hasSignature && (
            <figure>
              <img
                src={href("/admin/jobs/:id/signature.png", { id: jobId })}
                alt={`Signature drawn by ${view.signed.name}`}
                className="max-h-32 w-auto max-w-full rounded border border-slate-300 bg-white"
              />
              <figcaption className="mt-1 text-xs text-slate-600">The drawn signature</figcaption>
            </figure>
          )}
          {!view.signed && (
            <Form method="post">
              <input type="hidden" name="intent" value="sign-off-link" />
              <Button type="submit" variant="outline" size="sm">
                Email a new sign-off link
              </Button>
            </Form>
          )}
        </>
      )}
    </TitledCard>
  );
}
