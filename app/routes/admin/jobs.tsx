import { data, href, Link } from "react-router";
import { ListCount, ListTable, Pager } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";
import { jobStatus } from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import { OPEN_JOB_INTENT } from "~/features/jobs/job-card";
import { crewCandidates, openJobByHand } from "~/features/jobs/jobs.server";
import { jobListQuery, listJobs } from "~/features/jobs/list.server";
import { JOB_SIGN_OFF_FILTER } from "~/features/jobs/sign-off";
import { jobStatusTone } from "~/features/jobs/status-tone";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { listPagerLinks, readListQuery } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/jobs";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(jobListQuery, new URL(request.url).searchParams);
  const [list, crew] = await Promise.all([listJobs(query), crewCandidates()]);
  return {
    query,
    crew,
    total: list.total,
    pageCount: list.pageCount,
    jobs: list.items.map((j) => ({ ...j, createdAt: formatDateTime(j.createdAt) })),
  };
}

/** Opens a job by hand on an approved quote (the quote page's Job card posts here). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const quoteId = parseId(form.get("quoteId"));
  if (form.get("intent") !== OPEN_JOB_INTENT || !quoteId) throw data(null, { status: 400 });
  const note =
    String(form.get("note") ?? "")
      .trim()
      .slice(0, 2000) || null;
  const outcome = await openJobByHand(quoteId, admin.id, note);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return redirectWithToast(`${href("/admin/quotes/:id", { id: quoteId })}#job`, {
      type: "error",
      title: "No job opened",
      description: outcome.message,
    });
  }
  return redirectWithToast(href("/admin/jobs/:id", { id: outcome.id }), {
    type: "success",
    title: "Job opened",
    description: "Assign its crew and book its work visits.",
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Jobs", "All jobs.");
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { query, jobs, total, pageCount, crew } = loaderData;
  const filters = [
    {
      id: "job-status",
      name: "status",
      label: "Status",
      allLabel: "All statuses",
      options: jobStatus.options,
    },
    {
      id: "job-service",
      name: "service",
      label: "Service",
      allLabel: "All services",
      options: serviceId.options,
    },
    {
      id: "job-crew",
      name: "crew",
      label: "Crew member",
      allLabel: "Anyone",
      options: crew.map((c) => ({ value: c.id, label: c.name })),
    },
    {
      id: "job-sign-off",
      name: "signOff",
      label: "Sign-off",
      allLabel: "Any",
      options: JOB_SIGN_OFF_FILTER,
    },
  ] as const;
  return (
    <section aria-labelledby="jobs-title" className="space-y-4">
      <h2 id="jobs-title" className="text-lg font-semibold">
        Jobs
      </h2>
      <ListFilters label="Jobs" submitLabel="Search">
        <SearchInput
          id="job-search"
          urlValue={query.q}
          placeholder="Number, name, email or address..."
          className="w-72"
        />
        {filters.map((filter) => (
          <FilterSelect key={filter.id} urlValue={query[filter.name]} {...filter} />
        ))}
      </ListFilters>
      <ListCount total={total} one="job" many="jobs" page={query.page} pageCount={pageCount} />
      {jobs.length === 0 ? (
        <p>No jobs match.</p>
      ) : (
        <ListTable caption="Jobs" columns={["Job", "Customer", "Service", "Status", "Opened"]}>
          {jobs.map((j) => (
            <tr key={j.id}>
              <td className="px-3 py-2">
                <Link
                  to={href("/admin/jobs/:id", { id: j.id })}
                  className="font-medium text-brand-800 underline"
                >
                  {j.number}
                </Link>
                {j.option && <div className="text-slate-600">{j.option}</div>}
              </td>
              <td className="px-3 py-2">
                {j.customer}
                <div className="text-slate-600">{j.address}</div>
              </td>
              <td className="px-3 py-2">{j.service}</td>
              <td className="px-3 py-2">
                <Badge tone={jobStatusTone(j.status)}>{j.statusLabel}</Badge>
              </td>
              <td className="px-3 py-2">{j.createdAt}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager {...listPagerLinks(query, pageCount)} />
    </section>
  );
}
