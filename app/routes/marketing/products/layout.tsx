import { Outlet, useLocation } from "react-router";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { breadcrumbTrail } from "~/lib/breadcrumbs";

/** Every /products page sits under the breadcrumb trail (SPEC section 2). */
export default function ProductsLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Breadcrumb trail={breadcrumbTrail(pathname)} />
      <Outlet />
    </>
  );
}
