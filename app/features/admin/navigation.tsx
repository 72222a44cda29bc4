/**
 * The admin sidebar's entries (SPEC: 'Admin Panel' with Quotes, Customers, Analytics; Logout is
 * the shell's). Add an area by adding an entry here (e.g. the blog editor).
 */
import { BarChart3, FileText, Newspaper, Users } from "lucide-react";
import type { DashboardLink } from "~/components/layout/dashboard-shell";

export const adminLinks: DashboardLink[] = [
  { to: "/admin/quotes", label: "Quotes", icon: <FileText aria-hidden="true" /> },
  { to: "/admin/customers", label: "Customers", icon: <Users aria-hidden="true" /> },
  { to: "/admin/analytics", label: "Analytics", icon: <BarChart3 aria-hidden="true" /> },
  { to: "/admin/blog", label: "Blog", icon: <Newspaper aria-hidden="true" /> },
];
