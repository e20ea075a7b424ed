import { Link } from "react-router";

/** What the coupon and patch screens show before any product version exists. */
export function NoVersionsYet() {
  return (
    <p className="mt-6 rounded-lg bg-white p-4 shadow">
      No product versions yet. Add one under{" "}
      <Link className="text-blue-800 underline" to="/dashboard/version-release/major">
        Release → Major / Minor
      </Link>{" "}
      first.
    </p>
  );
}
