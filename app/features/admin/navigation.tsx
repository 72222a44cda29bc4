/**
 * The admin sidebar's entries (SPEC: 'Admin Panel' with Quotes, Customers, Analytics; Logout is
 * the shell's). Add an area by adding an entry here (e.g. the blog editor).
 */
import { BarChart3, BookOpen, CalendarClock, FileText, Newspaper, Users } from "lucide-react";
import { href } from "react-router";
import type { DashboardLink } from "~/components/layout/dashboard-shell";

export const adminLinks: DashboardLink[] = [
  { to: href("/admin/quotes"), label: "Quotes", icon: <FileText aria-hidden="true" /> },
  { to: href("/admin/price-book"), label: "Price book", icon: <BookOpen aria-hidden="true" /> },
  { to: href("/admin/schedule"), label: "Schedule", icon: <CalendarClock aria-hidden="true" /> },
  { to: href("/admin/customers"), label: "Customers", icon: <Users aria-hidden="true" /> },
  { to: href("/admin/analytics"), label: "Analytics", icon: <BarChart3 aria-hidden="true" /> },
  { to: href("/admin/blog"), label: "Blog", icon: <Newspaper aria-hidden="true" /> },
];
