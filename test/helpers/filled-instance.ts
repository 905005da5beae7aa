// An instance with rows in every table and files in every namespace of its store but `uploads`
// (tus uploads under way), put there the way people do it (the API, the chat's STOMP socket, a tus
// upload), for the tests that must show that nothing is lost on the way somewhere else: a backup
// and its restore (decision 064).
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { PageRenderer } from "../../server/modules/site/render.ts";
import { applicationPaths } from "../../shared/applications.ts";
import { chatDestinations, chatPaths } from "../../shared/chat.ts";
import type { UploadResult } from "../../shared/chat-attachments.ts";
import { markupPaths } from "../../shared/markups.ts";
import { quoteRequestPaths } from "../../shared/quote-requests.ts";
import { type AdminSiteContent, sitePaths } from "../../shared/site-content.ts";
import { siteImagePaths } from "../../shared/site-images.ts";
import { defaultResponseLabels, transmittalPaths } from "../../shared/transmittals.ts";
import type { TestApp, TestAppOptions } from "./app.ts";
import { authHeader, login, loginAs, testAdmin } from "./factories.ts";
import { multipart, type Part } from "./multipart.ts";
import { createProject, uploadSheets } from "./projects.ts";
import { submitApplication, submitQuoteRequest } from "./public-form-submissions.ts";
import { stompClient } from "./realtime.ts";
import { samples } from "./sample-files.ts";
import { tusUpload } from "./tus.ts";

/** What a filled instance holds that a copy of it must serve the same. */
export interface FilledInstance {
  /** Accounts that log in with these passwords. */
  accounts: { username: string; password: string; role: "admin" | "employee" }[];
  /** A session opened on the instance (a bearer token), still valid. */
  session: { username: string; token: string };
  /** A share link's token and the bytes it downloads. */
  share: { token: string; bytes: Buffer };
}

type Listening = TestApp & { base: string; url: string };

/** Each page as its path: enough for a publish to store its pages without a client build. */
const renderer: PageRenderer = {
  build: "filled-instance",
  render: async (pages) => new Map(pages.map((page) => [page, `<html>${page}</html>`])),
};
/** What the app to fill is built with (createTestApp's options). */
export const fillOptions = { livePages: { renderer, pollMs: 3_600_000 } } satisfies TestAppOptions;

/** Fills `t` (listening, see startListening) and returns what to check on a copy. */
export async function fillInstance(t: Listening): Promise<FilledInstance> {
  const inject = async (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    headers: Record<string, string>,
    payload?: object | Part[],
  ) => {
    const body = Array.isArray(payload) ? multipart(payload) : undefined;
    const response = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...body?.headers },
      payload: body ? body.payload : payload,
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    }
    return response.body ? (response.json() as Record<string, unknown>) : {};
  };

  const adminToken = await loginAs(t, testAdmin, "admin");
  const admin = authHeader(adminToken);
  const register = async (name: string, username: string, password: string) => {
    const email = `${username}@example.com`;
    await inject("POST", "/api/admin/register-employee", admin, { name, email, role: "Modeler", username, password });
    return { username, password };
  };
  const alice = await register("Alice Detailer", "alice.detailer", "a long passphrase of alice 1");
  const bob = await register("Bob Checker", "bob.checker", "a long passphrase of bob 22");
  const aliceToken = await loginAs(t, alice, "employee");
  const bobToken = await loginAs(t, bob, "employee");
  const asAlice = authHeader(aliceToken);
  const asBob = authHeader(bobToken);
  // A failed login, and a session ended.
  await login(t, { username: alice.username, password: "not her password", role: "employee" });
  const ended = await loginAs(t, bob, "employee");
  await inject("POST", "/api/auth/logout", authHeader(ended));

  // The public forms: a quote request, a job application, a newsletter subscriber.
  const quote = await submitQuoteRequest(t, samples.pdf);
  await inject("POST", quoteRequestPaths.notes(quote), admin, { text: "Called back, sending the GA set." });
  const application = await submitApplication(t, Buffer.concat([samples.pdf, randomBytes(64)]));
  await inject("POST", applicationPaths.notes(application), admin, { text: "Strong on Tekla, call Monday." });
  await inject("POST", "/api/newsletter/subscribe", {}, { email: "reader@example.com" });

  // Files: a share link, a file request a client uploaded to.
  const shareBytes = randomBytes(70_000);
  const shared = await inject("POST", "/api/admin/files/upload", admin, [
    { name: "expiryMinutes", value: "600" },
    { name: "file", value: shareBytes, fileName: "model.ifc" },
  ]);
  const shareToken = String(shared.fileUrl).split("/share/")[1] ?? "";
  const request = await inject("POST", "/api/admin/file-requests", admin, { title: "Survey", expiryHours: 24 });
  const requestToken = String(request.url).split("/").pop() ?? "";
  await tusUpload(t.base, randomBytes(30_000), { metadata: { token: requestToken, filename: "survey.dwg" } });

  // The chat: a group and a private conversation, an attachment, a mention, a reaction, reads.
  const group = await inject("POST", chatPaths.createGroup, admin, {
    name: "Mill Building",
    members: [alice.username, bob.username],
  });
  await inject("PUT", chatPaths.groupPermissions(Number(group.id)), admin, {
    allowedSenders: [alice.username],
    adminOnlyMessage: false,
  });
  const attachment = (await inject("POST", chatPaths.upload, asAlice, [
    { name: "file", value: samples.png, fileName: "detail.png", contentType: "image/png" },
  ])) as unknown as UploadResult;
  const a = await stompClient(t.url, { username: alice.username, token: aliceToken });
  try {
    const sends = [
      [chatDestinations.sendGroup, { groupId: group.id, content: `@${bob.username} grid C is updated` }],
      [chatDestinations.sendPrivate, { recipient: bob.username, content: "see the detail", ...attachment }],
      [chatDestinations.sendPrivate, { recipient: bob.username, content: "and the bolts" }],
    ] as const;
    for (const [destination, body] of sends) {
      if ((await a.send(destination, body)) !== "done") throw new Error(`${destination} refused`);
    }
  } finally {
    await a.close();
  }
  const history = (await inject("GET", chatPaths.privateHistory(bob.username, alice.username, 0), asBob)) as {
    content: { id: number }[];
  };
  const first = history.content[0]?.id;
  await inject("PUT", `/api/chat/messages/${first}/reactions/${encodeURIComponent("👍")}`, asBob);
  await inject("POST", chatPaths.markPrivateRead(alice.username, bob.username), asBob);
  await inject("POST", `/api/push/subscribe?username=${bob.username}`, asBob, {
    endpoint: "https://push.example.com/bob",
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });

  // A project: its team, sheets, a document, a transmittal reviewed with a markup, an RFI answered.
  await inject("PUT", transmittalPaths.responseLabels, admin, {
    labels: { ...defaultResponseLabels, rejected: "Not accepted" },
    version: 0,
  });
  const job = await createProject(t, admin, "BK-101", [alice.username]);
  await uploadSheets(t, job, asAlice, ["E-101", "E-102", "E-103"]);
  await inject("POST", `/api/projects/${job}/files`, asAlice, [
    { name: "category", value: "contract" },
    { name: "note", value: "Issued for construction" },
    { name: "file", value: samples.pdf, fileName: "Contract S-1.pdf" },
  ]);
  const transmittal = await inject("POST", `/api/projects/${job}/transmittals`, asAlice, {
    purpose: "approval",
    sheets: [{ number: "E-101", revision: "A" }],
    message: "Shop drawings for your approval.",
    recipients: ["engineer@client.example"],
  });
  const review = String(transmittal.url).split("/review/")[1] ?? "";
  await inject("POST", `/api/review/${review}/sheets/E-101/markups`, {}, [
    { name: "file", value: samples.pdf, fileName: "E-101 markup.pdf" },
  ]);
  await inject("POST", `/api/review/${review}`, {}, { responses: [{ number: "E-101", response: "approved" }] });
  // Another, due tomorrow: its first reminder (3 days before) is due, and the sweep sends it now.
  await inject("POST", `/api/projects/${job}/transmittals`, asAlice, {
    purpose: "approval",
    sheets: [{ number: "E-103", revision: "A" }],
    message: "Needed for fabrication on Monday.",
    recipients: ["engineer@client.example"],
    dueDays: 1,
  });
  await t.app.transmittalReminders.sweep();
  const rfi = await inject("POST", `/api/projects/${job}/rfis`, asAlice, {
    subject: "Beam B12 connection",
    question: "Is the shear tab at B12 to be bolted or welded?",
    suggestion: "Bolted",
    sheets: ["E-102"],
    to: "engineer@eor.example",
    dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const rfiToken = String(rfi.url).split("/").pop() ?? "";
  await inject("POST", `/api/rfi/${rfiToken}`, {}, [
    { name: "answer", value: "Bolted, as you suggest." },
    { name: "files", value: samples.pdf, fileName: "SK-1.pdf" },
  ]);
  // A markup on a sheet with its thread (DESIGN §18).
  const markup = await inject("POST", markupPaths.list(job, "E-102", "A"), asAlice, {
    kind: "cloud",
    page: 1,
    geometry: { x: 120, y: 80, width: 200, height: 90 },
    color: "#e53935",
    text: "Shear tab at B12: bolted?",
  });
  await inject("POST", markupPaths.comments(job, "E-102", "A", Number(markup.id)), asAlice, { text: "See the RFI." });

  // The website: its contact details changed and published, a picture uploaded for it.
  const content = (await inject("GET", sitePaths.adminContent, admin)) as unknown as AdminSiteContent;
  const contact = content.contact.find((item) => item.id === "main");
  if (!contact) throw new Error("no contact details to change");
  await inject("PUT", sitePaths.item("contact", "main"), admin, {
    ...contact.published,
    phones: [{ label: "USA", number: "+1 (412) 555-0199", href: "tel:+14125550199" }],
    version: contact.version,
  });
  await inject("POST", sitePaths.publish, admin, { items: [{ collection: "contact", id: "main" }] });
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  await inject("POST", siteImagePaths.images, admin, [
    { name: "alt", value: "The depot's frame" },
    { name: "file", value: picture, fileName: "depot.jpg", contentType: "image/jpeg" },
  ]);

  return {
    accounts: [
      { ...testAdmin, role: "admin" },
      { username: alice.username, password: alice.password, role: "employee" },
    ],
    session: { username: bob.username, token: bobToken },
    share: { token: shareToken, bytes: shareBytes },
  };
}

/** Starts `t` listening on a free loopback port (the chat's socket and tus uploads need one). */
export async function startListening(t: TestApp): Promise<Listening> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { ...t, base: `http://127.0.0.1:${address.port}`, url: `ws://127.0.0.1:${address.port}/ws` };
}
