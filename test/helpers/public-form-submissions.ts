// Quote requests and job applications sent the way a visitor sends them: through the public forms
// over HTTP, with a solved captcha and a file.
import type { TestApp } from "./app.ts";
import { solvedCaptcha } from "./captcha.ts";
import { randomAddress } from "./factories.ts";
import { multipart, type Part } from "./multipart.ts";

async function submit(t: TestApp, url: string, fields: Record<string, string>, file: Part): Promise<number> {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  parts.push({ name: "altcha", value: await solvedCaptcha(t) }, file);
  const body = multipart(parts);
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: body.headers,
    payload: body.payload,
    remoteAddress: randomAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return Number(response.json().id);
}

/** A quote request with `file` attached (a PDF by content); its id. */
export const submitQuoteRequest = (t: TestApp, file: Buffer) =>
  submit(
    t,
    "/api/contact/submit",
    { name: "Dana Fabricator", email: "dana@steelworks.example", company: "Steelworks & Sons" },
    { name: "uploadFile", value: file, fileName: "drawings.pdf", contentType: "application/pdf" },
  );

/** A job application with `cv` (a PDF by content); its id. */
export const submitApplication = (t: TestApp, cv: Buffer) =>
  submit(
    t,
    "/api/applications/submit",
    { name: "Ravi Modeler", email: "ravi@example.in", phone: "+91 98765 43210", message: "Tekla on plants." },
    { name: "cv", value: cv, fileName: "cv.pdf", contentType: "application/pdf" },
  );
