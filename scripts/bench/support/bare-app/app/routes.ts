import { type RouteConfig, route } from "@react-router/dev/routes";

export default [route("all", "routes/all.tsx"), route("hello", "routes/hello.tsx")] satisfies RouteConfig;
