import { href } from "react-router";
import { z } from "zod";
import { ListCount, ListTable, Pager, RowLinkCell } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { listCustomers } from "~/features/admin/customers.server";
import { orNA } from "~/features/admin/format";
import { ListFilters, SearchInput } from "~/features/admin/list-filters";
import { formatDateTime } from "~/lib/dates";
import { listPage, listPagerLinks, listSearch, readListQuery } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/customers";

const querySchema = z.object({ q: listSearch, page: listPage });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(querySchema, new URL(request.url).searchParams);
  const list = await listCustomers(query);
  return {
    query,
    total: list.total,
    pageCount: list.pageCount,
    customers: list.items.map((c) => ({
      id: c.id,
      name: orNA(c.full_name),
      email: c.email,
      joined: formatDateTime(c.joined_at),
      isAdmin: c.is_admin,
      adminStatus: c.is_admin ? "Admin" : "User",
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Customers", "All customers.");
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, customers, total, pageCount } = loaderData;
  return (
    <section aria-labelledby="customers-title" className="space-y-4">
      <h2 id="customers-title" className="text-lg font-semibold">
        Customers
      </h2>
      <ListFilters label="Customers" submitLabel="Search">
        <SearchInput
          id="customer-search"
          urlValue={query.q}
          placeholder="Search by name, ID or email..."
          className="w-72"
        />
      </ListFilters>
      <ListCount
        total={total}
        one="customer"
        many="customers"
        page={query.page}
        pageCount={pageCount}
      />
      {customers.length === 0 ? (
        <p>No customers match.</p>
      ) : (
        <ListTable caption="Customers" columns={["Name", "ID", "Join Date", "Admin Status"]}>
          {customers.map((c) => (
            <tr key={c.id}>
              <RowLinkCell
                to={href("/admin/customers/:id", { id: c.id })}
                label={c.name}
                detail={c.email}
              />
              <td className="px-3 py-2 font-mono text-xs">{c.id}</td>
              <td className="px-3 py-2">{c.joined}</td>
              <td className="px-3 py-2">
                <Badge tone={c.isAdmin ? "info" : "neutral"}>{c.adminStatus}</Badge>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager {...listPagerLinks(query, pageCount)} />
    </section>
  );
}
