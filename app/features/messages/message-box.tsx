/**
 * 'Message the company' on a request's page: the conversation about this request so far and a
 * box to write to the office, with an optional photo or PDF. A native form: works without
 * JavaScript.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Field, Input, Textarea } from "~/components/ui/form-controls";
import { ThreadEntries, type ThreadEntryView } from "./thread-entries";

/** The intent of the page's post that sends a message. */
export const MESSAGE_INTENT = "message";

/** What the file field takes: a photo or a PDF (checked again by content on the server). */
const FILE_ACCEPT =
  "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf,.pdf";

export function MessageBox({
  entries,
  errors,
  fileErrors,
  typed,
  sent,
}: {
  entries: ThreadEntryView[];
  errors?: string[];
  /** why the attached file was refused */
  fileErrors?: string[];
  /** the message of a refused post, shown again as typed */
  typed?: string;
  sent?: boolean;
}) {
  const refusal = [...(errors ?? []), ...(fileErrors ?? [])][0];
  return (
    <TitledCard className="mt-6" title="Message the Company" as="h2" bodyClassName="space-y-4">
      {entries.length > 0 && <ThreadEntries entries={entries} viewer="customer" />}
      {sent && <Alert tone="success">Message sent. We will answer by email.</Alert>}
      {refusal && <Alert>Your message was not sent: {refusal}</Alert>}
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value={MESSAGE_INTENT} />
        <Field
          id="customer-message"
          label="Your message"
          required
          description="We answer by email (and by text if you agreed to texts)."
          errors={errors}
        >
          {(control) => (
            <Textarea {...control} name="message" maxLength={2000} defaultValue={typed} />
          )}
        </Field>
        <Field
          id="customer-message-file"
          label="A photo or PDF (optional)"
          description="JPEG, PNG, WebP or HEIC photo, or a PDF; up to 15 MB."
          errors={fileErrors}
        >
          {(control) => <Input {...control} type="file" name="file" accept={FILE_ACCEPT} />}
        </Field>
        <Button type="submit">Send Message</Button>
      </Form>
    </TitledCard>
  );
}
