/**
 * The staff's week (/admin/visits): Monday to Sunday, each day's booked visits with time, kind,
 * customer, phone, place and staff member; links to the weeks around it and to one staff member.
 */
import { href, Link } from "react-router";
import type { loadWeekPage } from "./week.server";

type WeekPage = Awaited<ReturnType<typeof loadWeekPage>>;

const WEEK_PATH = href("/admin/visits");

function weekLink(week: string, staffId: string | null): string {
  return `${WEEK_PATH}?week=${week}${staffId ? `&staff=${encodeURIComponent(staffId)}` : ""}`;
}

const pill =
  "inline-block rounded-md border border-slate-300 px-3 py-1 text-sm aria-[current=page]:border-brand-700 aria-[current=page]:font-semibold";

export function WeekSection({ page }: { page: WeekPage }) {
  return (
    <section aria-labelledby="week-title" className="space-y-6">
      <h2 id="week-title" className="text-xl font-semibold">
        Visits: {page.title}
      </h2>
      <nav aria-label="Weeks" className="flex flex-wrap gap-3">
        <Link to={weekLink(page.previous, page.staffId)} className="text-brand-800 underline">
          Previous week
        </Link>
        <Link to={weekLink(page.next, page.staffId)} className="text-brand-800 underline">
          Next week
        </Link>
      </nav>
      <nav aria-label="Staff members">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={weekLink(page.monday, null)}
              aria-current={page.staffId === null ? "page" : undefined}
              className={pill}
            >
              Everyone
            </Link>
          </li>
          {page.staff.map((s) => (
            <li key={s.id}>
              <Link
                to={weekLink(page.monday, s.id)}
                aria-current={page.staffId === s.id ? "page" : undefined}
                className={pill}
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.days.map((day) => (
        <section key={day.day} aria-labelledby={`day-${day.day}`} className="space-y-2">
          <h3 id={`day-${day.day}`} className="font-semibold">
            {day.label}
          </h3>
          {day.visits.length === 0 ? (
            <p className="text-sm text-slate-700">No visits.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {day.visits.map((v) => (
                <li key={v.id} className="p-3 text-sm wrap-anywhere">
                  <p className="font-medium">
                    {v.time} · {v.kind}
                  </p>
                  <p>
                    {v.customer}, {v.phone} · {v.where} ·{" "}
                    <Link
                      to={href("/admin/quotes/:id", { id: v.quoteId })}
                      className="text-brand-800 underline"
                    >
                      Ref. {v.reference}
                    </Link>{" "}
                    · {v.staff}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
