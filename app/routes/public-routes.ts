import { index, layout, type RouteConfigEntry } from "@react-router/dev/routes";

export const publicRoutes: RouteConfigEntry[] = [layout("routes/public/layout.tsx", [index("routes/public/home.tsx")])];
