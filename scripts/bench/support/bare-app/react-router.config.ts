import type { Config } from "@react-router/dev/config";

/**
 * The bare React Router app of `npm run bench:ssr-floor`: framework mode, server rendering, nothing
 * else. The bench builds it into a temporary folder (BARE_APP_BUILD_DIR); `build` otherwise.
 */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.BARE_APP_BUILD_DIR ?? "build",
} satisfies Config;
