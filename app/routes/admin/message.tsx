import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Field, Select, Textarea } from "~/components/ui/form-controls";
import {
  filledSavedReply,
  replySchema,
  sendStaffReply,
  threadForStaff,
} from "~/features/messages/admin.server";
import { ThreadEntries } from "~/features/messages/thread-entries";
import { referenceNumber } from "~/features/quotes/reference";
import { formatDateTime } from "~/lib/dates";
import { idParam, parseId } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/message";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const view = await threadForStaff(idParam(params.id));
  if (!view) throw data(null, { status: 404 });
  const replyId = parseId(new URL(request.url).searchParams.get("reply"));
  const { thread } = view;
  return {
    id: thread.id,
    name: thread.name || thread.email || thread.phone_number || "Unknown",
    email: thread.email,
    phone: thread.phone_number,
    textable: view.textable,
    entries: view.entries.map((e) => ({ ...e, at: formatDateTime(e.at) })),
    consent: view.consent.map((c) => ({
      id: c.id,
      granted: c.granted,
      source: c.source,
      wording: c.wording,
      phone: c.phone_number,
      at: formatDateTime(c.created_at),
    })),
    requests: view.requests.map((q) => ({ id: q.id, reference: referenceNumber(q.id) })),
    replies: view.replies.map((r) => ({ id: r.id, title: r.title })),
    draft: filledSavedReply(view, replyId),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id);
  const form = await request.formData();
  const parsed = replySchema.safeParse({ channel: form.get("channel"), body: form.get("body") });
  if (!parsed.success) {
    return data(
      { errors: z.flattenError(parsed.error).fieldErrors, message: null },
      { status: 400 },
    );
  }
  const sent = await sendStaffReply(id, parsed.data);
  if (!sent.ok) {
    if (sent.status === 404) throw data(null, { status: 404 });
    return data({ errors: null, message: sent.message }, { status: sent.status });
  }
  return redirectWithToast(href("/admin/messages/:id", { id }), {
    type: "success",
    title: parsed.data.channel === "mail" ? "Reply mailed" : "Reply texted",
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Conversation", "A conversation with a customer.");
}

const SOURCE_LABEL = { quote_form: "quote form", profile: "profile", text_reply: "text reply" };

export default function AdminThread({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Link to={href("/admin/messages")} className="text-sm text-brand-800 underline">
          Back to messages
        </Link>
        <h2 className="text-lg font-semibold">{t.name}</h2>
        <p className="wrap-anywhere text-sm text-slate-700">
          {[t.email, t.phone].filter(Boolean).join(" · ")}
          {t.requests.length > 0 && (
            <>
              {" · "}
              {t.requests.map((q, i) => (
                <span key={q.id}>
                  {i > 0 && ", "}
                  <Link to={href("/admin/quotes/:id", { id: q.id })} className="underline">
                    {q.reference}
                  </Link>
                </span>
              ))}
            </>
          )}
        </p>
      </div>

      <ThreadEntries entries={t.entries} viewer="staff" />

      <TitledCard title="Reply" as="h2" bodyClassName="space-y-3">
        {t.replies.length > 0 && (
          <nav aria-label="Saved replies" className="flex flex-wrap gap-2 text-sm">
            <span>Saved replies:</span>
            {t.replies.map((r) => (
              <Link key={r.id} to={`?reply=${r.id}`} className="text-brand-800 underline">
                {r.title}
              </Link>
            ))}
          </nav>
        )}
        {actionData?.message && <Alert>{actionData.message}</Alert>}
        <Form method="post" className="space-y-3" key={t.draft}>
          <Field id="reply-channel" label="Send by" errors={actionData?.errors?.channel}>
            {(control) => (
              <Select {...control} name="channel" defaultValue="mail">
                <option value="mail" disabled={!t.email}>
                  Mail{t.email ? "" : " (no email address)"}
                </option>
                <option value="sms" disabled={!t.textable}>
                  Text{t.textable ? "" : " (no consent to texts)"}
                </option>
              </Select>
            )}
          </Field>
          <Field
            id="reply-body"
            label="Message"
            required
            description="{link} becomes the link to the customer's newest request."
            errors={actionData?.errors?.body}
          >
            {(control) => (
              <Textarea {...control} name="body" maxLength={1600} defaultValue={t.draft} />
            )}
          </Field>
          <Button type="submit">Send Reply</Button>
        </Form>
      </TitledCard>

      <TitledCard title="Consent to Texts" as="h2">
        {t.consent.length === 0 ? (
          <p className="text-sm">No consent given: texts about requests do not go out.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {t.consent.map((c) => (
              <li key={c.id}>
                <Badge tone={c.granted ? "success" : "neutral"}>
                  {c.granted ? "Agreed" : "Stopped"}
                </Badge>{" "}
                {c.at} · {c.phone} · {SOURCE_LABEL[c.source]}
                <div className="text-slate-600">{c.wording}</div>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
