// server/main.ts with BuildAppOptions a test sets (the JSON in process.argv[2], e.g. a short orphan
// grace on a shared store): test/helpers/child-server.ts runs this only when a test needs such an
// option, and server/main.ts itself otherwise.
import type { BuildAppOptions } from "../../server/app.ts";
import { serve } from "../../server/serve.ts";

await serve(JSON.parse(process.argv[2] ?? "{}") as Pick<BuildAppOptions, "storage">);
