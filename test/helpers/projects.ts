// Projects as the API tests need them (DESIGN §16): a job number of this test process, a project
// made by an admin with its team, and sheets uploaded to its register, each step checked.
import type { TestApp } from "./app.ts";
import { multipart } from "./multipart.ts";
import { samples } from "./sample-files.ts";

/** Job numbers unique to this test process: `{prefix}-{pid}-1`, `-2`, … */
export function jobNumbers(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}-${process.pid % 1000}-${++count}`;
}

/** Creates the project `job` as an admin (client Acme, a@acme.example) with `team`; throws unless 201. */
export async function createProject(
  t: TestApp,
  admin: Record<string, string>,
  job: string,
  team: readonly string[],
): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/projects",
    headers: admin,
    payload: { job, name: "Mill Building", client: { company: "Acme", email: "a@acme.example" }, team },
  });
  if (response.statusCode !== 201) throw new Error(`project ${job}: ${response.statusCode} ${response.body}`);
  return job;
}

/** Uploads `revision` of each sheet (titled `Sheet {number}`) as `headers`; throws unless 201. */
export async function uploadSheets(
  t: TestApp,
  job: string,
  headers: Record<string, string>,
  numbers: readonly string[],
  revision = "A",
): Promise<void> {
  for (const number of numbers) {
    const body = multipart([
      { name: "number", value: number },
      { name: "revision", value: revision },
      { name: "title", value: `Sheet ${number}` },
      { name: "file", value: samples.pdf, fileName: `${number}.pdf` },
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`${number} ${revision}: ${uploaded.statusCode} ${uploaded.body}`);
  }
}
