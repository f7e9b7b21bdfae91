import type { Config } from "@react-router/dev/config";

// The benchmark's floor: a minimal React Router app, built apart from the portal.
export default {
  appDirectory: "app",
  buildDirectory: "../data/floor-build",
  ssr: true,
} satisfies Config;
