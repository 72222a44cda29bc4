import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { ListCount, Pager } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/form-controls";
import { ListFilters, SearchInput } from "~/features/admin/list-filters";
import {
  addSavedReply,
  listThreads,
  removeSavedReply,
  savedReplies,
  savedReplySchema,
} from "~/features/messages/admin.server";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { listPage, listPagerLinks, listSearch, readListQuery } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/messages";

const querySchema = z.object({ q: listSearch, page: listPage });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(querySchema, new URL(request.url).searchParams);
  const [list, replies] = await Promise.all([listThreads(query), savedReplies()]);
  return {
    query,
    total: list.total,
    pageCount: list.pageCount,
    threads: list.items.map((t) => ({
      id: t.id,
      name: t.name || t.email || t.phone_number || "Unknown",
      contact: [t.email, t.phone_number].filter(Boolean).join(" · "),
      unread: t.unread,
      last: formatDateTime(t.last_message_at),
    })),
    replies: replies.map((r) => ({ id: r.id, title: r.title, body: r.body })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  if (form.get("intent") === "remove-saved") {
    const id = parseId(form.get("id"));
    if (id) await removeSavedReply(id);
    return redirectWithToast(href("/admin/messages"), {
      type: "success",
      title: "Saved reply removed",
    });
  }
  const parsed = savedReplySchema.safeParse({ title: form.get("title"), body: form.get("body") });
  if (!parsed.success) {
    return data({ errors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  await addSavedReply(parsed.data);
  return redirectWithToast(href("/admin/messages"), { type: "success", title: "Reply saved" });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Messages", "Conversations with customers.");
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { query, threads, total, pageCount, replies } = loaderData;
  const errors = actionData?.errors;
  return (
    <div className="space-y-6">
      <section aria-labelledby="messages-title" className="space-y-4">
        <h2 id="messages-title" className="text-lg font-semibold">
          Messages
        </h2>
        <ListFilters label="Messages" submitLabel="Search">
          <SearchInput
            id="thread-search"
            urlValue={query.q}
            placeholder="Name, email, phone or reference..."
            className="w-72"
          />
        </ListFilters>
        <ListCount
          total={total}
          one="conversation"
          many="conversations"
          page={query.page}
          pageCount={pageCount}
        />
        {threads.length === 0 ? (
          <p>No conversations match.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {threads.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <Link
                  to={href("/admin/messages/:id", { id: t.id })}
                  className="font-medium text-brand-800 underline"
                >
                  {t.name}
                </Link>
                {t.unread > 0 && <Badge tone="info">{t.unread} unread</Badge>}
                <span className="wrap-anywhere text-sm text-slate-600">{t.contact}</span>
                <span className="ml-auto text-sm text-slate-600">{t.last}</span>
              </li>
            ))}
          </ul>
        )}
        <Pager {...listPagerLinks(query, pageCount)} />
      </section>

      <TitledCard title="Saved Replies" as="h2" bodyClassName="space-y-4">
        <p className="text-sm text-slate-700">
          {"{name}"}, {"{reference}"} and {"{link}"} are filled in with the customer's first name,
          the request reference and the link to their request.
        </p>
        {replies.length > 0 && (
          <ul className="space-y-2">
            {replies.map((r) => (
              <li key={r.id} className="rounded-md border border-slate-200 p-2">
                <div className="flex items-center gap-2">
                  <span className="font-medium">{r.title}</span>
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="intent" value="remove-saved" />
                    <input type="hidden" name="id" value={r.id} />
                    <Button type="submit" size="sm" variant="outline">
                      Remove<span className="sr-only"> {r.title}</span>
                    </Button>
                  </Form>
                </div>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{r.body}</p>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="space-y-3">
          <Field id="saved-title" label="Title" required errors={errors?.title}>
            {(control) => <Input {...control} name="title" maxLength={100} />}
          </Field>
          <Field id="saved-body" label="Reply" required errors={errors?.body}>
            {(control) => <Textarea {...control} name="body" maxLength={1600} />}
          </Field>
          <Button type="submit">Save Reply</Button>
        </Form>
      </TitledCard>
    </div>
  );
}
