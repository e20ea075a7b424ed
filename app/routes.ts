import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [index("routes/public/home.tsx")]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
