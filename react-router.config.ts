import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Lets tests and parallel work build elsewhere; the server reads the same variable.
  buildDirectory: process.env.GATHER_BUILD_DIR ?? "build",
} satisfies Config;
