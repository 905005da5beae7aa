/**
 * The e2e web server of the PostgreSQL + Redis + S3 pass (scripts/e2e.ts sets E2E_TOPOLOGY=1): the
 * topology of DESIGN §13 instead of one process. Two instances, each serving a private copy of the
 * build, behind nginx on E2E_PORT with deploy/nginx/steelcraft.conf, so that every journey runs
 * through the balancer with no sticky sessions (issue 16).
 */
import { startTopology } from "../test/helpers/topology.ts";

const { PORT, ADMIN_USERNAME, ADMIN_PASSWORD, LOG_LEVEL } = process.env;
const topology = await startTopology({
  port: Number(PORT),
  entry: "e2e/serve-build-snapshot.ts",
  env: {
    // The browser's origin (playwright.config.ts baseURL): the WebSocket handshake checks Origin against it.
    PUBLIC_ORIGIN: `http://localhost:${PORT}`,
    ...(ADMIN_USERNAME ? { ADMIN_USERNAME } : {}),
    ...(ADMIN_PASSWORD ? { ADMIN_PASSWORD } : {}),
    ...(LOG_LEVEL ? { LOG_LEVEL } : {}),
  },
});
console.log(`e2e: topology at ${topology.url}: ${topology.instances.map((one) => one.base).join(", ")} behind nginx`);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await topology.close();
  process.exit(0);
}
process.once("SIGTERM", () => void close());
process.once("SIGINT", () => void close());
