import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  // A real 404 status, not a 200 with an error message.
  throw data("Not found", { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return null;
}
