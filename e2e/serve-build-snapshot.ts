/**
 * The e2e web server: the real server/main.ts, serving a private copy of build/client (and of
 * build/render, which renders the pages a publish changes).
 *
 * The server reads pages into memory at start but serves hashed assets from disk; a `npm run build`
 * elsewhere in the same checkout during a run would swap those files and break every page mid-suite.
 * The copy lives under DATA_DIR (scripts/e2e.ts removes that folder after the run) and is also removed
 * when the server exits.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

const built = path.resolve("build/client");
if (!existsSync(path.join(built, "index.html"))) {
  console.error(`e2e: no build at ${built} (run npm run build, or npm run test:e2e which builds first)`);
  process.exit(1);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data/e2e");
const snapshot = path.join(dataDir, `client-snapshot-${process.pid}`);
mkdirSync(snapshot, { recursive: true });
cpSync(built, path.join(snapshot, "build", "client"), { recursive: true });
// The server build that renders published pages (decision 053), and what it imports (React Router,
// React) from the checkout's node_modules: the snapshot lives outside the checkout.
cpSync(path.resolve("build/render"), path.join(snapshot, "build", "render"), { recursive: true });
symlinkSync(path.resolve("node_modules"), path.join(snapshot, "node_modules"), "dir");
process.on("exit", () => rmSync(snapshot, { recursive: true, force: true }));

// The server resolves build/client (and a relative DATA_DIR) from the working directory.
process.env.DATA_DIR = dataDir;
process.chdir(snapshot);
await import("../server/main.ts");
