import { type RouteConfig, route } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin-routes";
import { publicRoutes } from "./routes/public-routes";

// The explicit route table: public pages (app/routes/public-routes.ts) and the admin area
// (app/routes/admin-routes.ts), each owned by its own file; anything else is a real 404.
export default [...publicRoutes, ...adminRoutes, route("*", "routes/public/not-found.tsx")] satisfies RouteConfig;
