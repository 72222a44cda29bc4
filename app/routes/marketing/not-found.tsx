import { data } from "react-router";

/** Any unknown URL: answered with the root error page and a real 404 status. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
