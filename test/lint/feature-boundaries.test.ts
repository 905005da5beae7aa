/**
 * The client's feature folders do not reach into each other (docs/architecture.md): Biome's
 * noRestrictedImports, configured per feature in biome.json, refuses it. These probes make sure the
 * configuration still does, by linting a few imports written where they would do harm.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { biome } from "../helpers/biome.ts";

const root = path.resolve(import.meta.dirname, "../..");
const probes: string[] = [];

/** Lints `source` as a file at `file` (relative to the repo) for restricted imports; returns the rules it broke. */
async function lint(file: string, source: string): Promise<string[]> {
  const probe = path.join(root, file.replace(/\.tsx?$/, `.probe-${process.pid}$&`));
  probes.push(probe);
  writeFileSync(probe, `${source}\n`);
  // Only this rule: the project-wide ones (noImportCycles) would have Biome scan every file first.
  const report = JSON.parse(await biome(["lint", "--only=style/noRestrictedImports", "--reporter=json", probe])) as {
    diagnostics: { category: string }[];
  };
  return report.diagnostics.map((diagnostic) => diagnostic.category);
}

afterEach(() => {
  for (const probe of probes.splice(0)) rmSync(probe, { force: true });
});

const refused = "lint/style/noRestrictedImports";

describe("feature boundaries (biome.json)", () => {
  it("refuses a feature importing another feature's internals, by alias or relative path", async () => {
    expect(
      await lint("client/features/chat/lib/x.ts", 'export { f } from "~/features/public-forms/lib/forms";'),
    ).toContain(refused);
    expect(
      await lint(
        "client/features/marketing/components/career/x.tsx",
        'export { g } from "../../../public-forms/lib/forms.ts";',
      ),
    ).toContain(refused);
    expect(
      await lint("client/features/staff/components/x.tsx", 'export { C } from "~/features/chat/components/chat-view";'),
    ).toContain(refused);
  });

  it("fences the staff area, the pipeline and the shares from each other", async () => {
    expect(
      await lint(
        "client/features/staff/components/x.tsx",
        'export { P } from "~/features/pipeline/components/pipeline-overview";',
      ),
    ).toContain(refused);
    expect(
      await lint(
        "client/features/pipeline/components/x.tsx",
        'export { U } from "../../shares/components/upload-files.tsx";',
      ),
    ).toContain(refused);
    expect(
      await lint("client/features/shares/lib/x.ts", 'export { staffMessages } from "~/features/staff/lib/messages";'),
    ).toContain(refused);
    expect(
      await lint("client/features/public-forms/lib/x.ts", 'export { p } from "../../pipeline/lib/pipeline.ts";'),
    ).toContain(refused);
  });

  it("refuses shared code (client/lib, client/components) importing any feature", async () => {
    expect(await lint("client/lib/x.ts", 'export { s } from "~/features/auth/api/login";')).toContain(refused);
    expect(await lint("client/components/ui/x.tsx", 'export { s } from "../../features/auth/api/login.ts";')).toContain(
      refused,
    );
    expect(
      await lint("client/components/dashboard/x.tsx", 'export { s } from "~/features/staff/lib/messages";'),
    ).toContain(refused);
  });

  it("refuses a public page loading staff code, even lazily", async () => {
    expect(
      await lint("client/routes/x.tsx", 'export { A } from "~/features/staff/components/admin-dashboard";'),
    ).toContain(refused);
    expect(
      await lint("client/routes/x.tsx", 'export const load = () => import("../features/shares/api/get-files.ts");'),
    ).toContain(refused);
    expect(
      await lint("client/routes/x.tsx", 'export { P } from "~/features/pipeline/components/pipeline-sections";'),
    ).toContain(refused);
  });

  it("allows a feature's own modules, shared code and route files composing features", async () => {
    expect(await lint("client/features/chat/lib/x.ts", 'export { a } from "../hooks/use-chat.ts";')).not.toContain(
      refused,
    );
    expect(await lint("client/features/chat/lib/x.ts", 'export { b } from "~/lib/session-store";')).not.toContain(
      refused,
    );
    expect(
      await lint("client/features/chat/lib/x.ts", 'export { c } from "~/features/chat/lib/outbox";'),
    ).not.toContain(refused);
    expect(
      await lint(
        "client/features/shares/components/x.tsx",
        'export { S } from "~/components/dashboard/dashboard-section";',
      ),
    ).not.toContain(refused);
    expect(
      await lint("client/features/pipeline/lib/x.ts", 'export { k } from "~/features/pipeline/api/paths";'),
    ).not.toContain(refused);
    expect(
      await lint(
        "client/routes/x.tsx",
        'export { d } from "~/features/public-forms/components/quote-request-form-slot";',
      ),
    ).not.toContain(refused);
    expect(
      await lint(
        "client/routes/home/x.tsx",
        'export { A } from "~/features/staff/components/admin-dashboard";\nexport { P } from "~/features/pipeline/components/pipeline-sections";\nexport { F } from "~/features/shares/components/file-requests";',
      ),
    ).not.toContain(refused);
  });
});

describe("the sides (biome.json)", () => {
  it("refuses server/ and shared/ importing client/, by alias or relative path", async () => {
    expect(await lint("server/lib/x.ts", 'export { e } from "../../client/lib/http-error.ts";')).toContain(refused);
    expect(await lint("server/modules/x.ts", 'export { e } from "~/lib/http-error";')).toContain(refused);
    expect(await lint("shared/x.ts", 'export { e } from "../client/lib/http-error.ts";')).toContain(refused);
  });

  it("refuses node: modules in shared/, which the browser loads too, and allows them in server/", async () => {
    expect(await lint("shared/x.ts", 'export { readFileSync } from "node:fs";')).toContain(refused);
    expect(await lint("server/lib/x.ts", 'export { readFileSync } from "node:fs";')).not.toContain(refused);
    expect(await lint("server/lib/x.ts", 'export { siteRoutes } from "../../shared/site-routes.ts";')).not.toContain(
      refused,
    );
  });
});
