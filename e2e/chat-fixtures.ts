/**
 * Helpers shared by the chat journeys (chat.spec, chat-actions.spec, chat-search.spec): people made
 * and logged in through the API, the dashboard opened as that person, the chat found by role and
 * name, and a STOMP client of the test's own for bulk test data (fixtures habit).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { Client } from "@stomp/stompjs";
import WebSocket from "ws";
import { baseURL, e2eAdmin } from "../playwright.config.ts";
import { chatDestinations, chatPaths } from "../shared/chat.ts";
import type { ChatGroup } from "../shared/chat-groups.ts";
import { type Refusal, refusalSchema } from "../shared/realtime.ts";
import { storageKeys } from "../shared/roles.ts";
import { dashboardLoad, expect, gotoHydrated } from "./fixtures.ts";

/** A short string no other run or test makes, for names that must not collide. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A person logged in through the API: what the login modal stores, and the name colleagues see. */
export interface Account {
  username: string;
  password: string;
  name: string;
  role: "admin" | "employee";
  token: string;
}

/** Logs in through the API and returns the session's bearer token. */
export async function login(api: APIRequestContext, username: string, password: string, role: Account["role"]) {
  const response = await api.post("/api/auth/login", { data: { username, password, role } });
  expect(response.status(), `login ${username}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Logs in the first admin (the one the e2e server is started with) and returns the bearer token. */
export const loginAdmin = (api: APIRequestContext) => login(api, e2eAdmin.username, e2eAdmin.password, "admin");

/** A new employee, registered by the admin whose token is `adminToken`, and logged in. */
export async function newEmployee(api: APIRequestContext, adminToken: string, firstName: string): Promise<Account> {
  const id = unique();
  const username = `${firstName.toLowerCase()}.${id}`;
  const password = `pw-${id}-secret`;
  const name = `${firstName} ${id.slice(-4).toUpperCase()}`;
  const response = await api.post("/api/admin/register-employee", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name, email: `${username}@northbeam.test`, role: "Detailer", username, password },
  });
  expect(response.status(), "register employee").toBe(201);
  return { username, password, name, role: "employee", token: await login(api, username, password, "employee") };
}

/** A group made by the admin (admins make groups, SPEC §5; the admin is a member of each). */
export async function createGroup(api: APIRequestContext, adminToken: string, name: string, members: Account[]) {
  const response = await api.post(chatPaths.createGroup, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name, members: members.map((member) => member.username) },
  });
  expect(response.status(), "create group").toBe(201);
  return (await response.json()) as ChatGroup;
}

/** Records a page's console and uncaught errors (the fixture guards only its own page); the result asserts none. */
export function guard(page: Page, allowed: RegExp[] = []) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") seen.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => seen.push(`uncaught ${error.name}: ${error.message}`));
  return () => expect(seen.filter((line) => !allowed.some((pattern) => pattern.test(line)))).toEqual([]);
}

/** True below the width where the chats list moves from a sidebar into a drawer. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** The chat's connection state (Connected, Connecting… or Offline). */
export const connectionStatus = (page: Page) =>
  page.getByRole("status").filter({ hasText: /^(Connected|Connecting…|Offline)$/ });
/** The chats list at a desk. */
export const chatsSidebar = (page: Page) => page.getByRole("complementary", { name: "Chats" });
/** The chats list on a phone, once opened from the chats button. */
export const drawer = (page: Page) => page.getByRole("dialog", { name: "Chats" });
/** The open chat's message box. */
export const composer = (page: Page) => page.getByRole("textbox", { name: /^Message / });
/** The open chat's messages. */
export const messages = (page: Page) => page.getByRole("region", { name: /^Messages with / });
/** A chat's button in a chats list (its name starts the button's, which goes on with unread counts). */
export const chatButton = (scope: Page | Locator, name: string) =>
  scope.getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
/** The list item of the message with this text in the open chat. */
export const messageItem = (page: Page, text: string | RegExp) =>
  messages(page).getByRole("listitem").filter({ hasText: text });

/** Opens the site logged in as `account` (what the login modal stores) on its dashboard, chat connected. */
export async function openDashboard(page: Page, account: Account, url = "/") {
  await gotoHydrated(page, "/");
  await page.evaluate(
    ([keys, user, token]) => {
      localStorage.setItem(keys.user, JSON.stringify(user));
      localStorage.setItem(keys.token, token);
    },
    [storageKeys, { username: account.username, role: account.role }, account.token] as const,
  );
  await page.goto(url);
  const heading = account.role === "admin" ? "Admin Dashboard" : "Employee Dashboard";
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible(dashboardLoad);
  if (account.role === "admin" && !new URL(url, baseURL).searchParams.has("chat")) {
    await page.getByRole("button", { name: "Open Chat" }).click();
  }
  await expect(connectionStatus(page)).toHaveText("Connected", { timeout: 15_000 });
}

/** Opens a chat from the list: the sidebar on a desk, the drawer on a phone. */
export async function selectChat(page: Page, name: string) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: /^Chats(, .+ unread)?$/ }).click();
    await chatButton(drawer(page), name).click();
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  } else {
    // The list can still be settling (a person's account or presence event arriving from the other
    // instance re-renders it): once, in CI through two instances, a click landed and no chat opened.
    await expect(async () => {
      await chatButton(chatsSidebar(page), name).click();
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
}

/** Sends `text` from the open chat's composer and waits until it shows, sent. */
export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(messages(page).getByText(text, { exact: true })).toBeVisible();
  await expect(messages(page).getByText("Not sent")).toHaveCount(0);
}

/** Refusals on each test client's errors queue, by the refused SEND's clientId. */
const refusalWaiters = new WeakMap<Client, Map<string, (refusal: Refusal) => void>>();

/** A STOMP client for the test itself (another device of that person), connected to the server at `origin`. */
export async function stompAs(account: Account, origin = baseURL): Promise<Client> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, ["v12.stomp", "v11.stomp"]),
    connectHeaders: { Authorization: `Bearer ${account.token}`, username: account.username },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketError = () => reject(new Error("websocket error"));
    client.activate();
  });
  const waiters = new Map<string, (refusal: Refusal) => void>();
  refusalWaiters.set(client, waiters);
  client.subscribe(chatDestinations.errorsQueue, (frame) => {
    const refusal = refusalSchema.parse(JSON.parse(frame.body));
    if (refusal.clientId) waiters.get(refusal.clientId)?.(refusal);
  });
  return client;
}

/** Sends and waits for the receipt (the message is stored); a send refused for the rate limit goes again. */
export async function stompSend(client: Client, destination: string, body: object) {
  const clientId = `e2e-${unique()}`;
  const waiters = refusalWaiters.get(client)!;
  try {
    for (;;) {
      const receipt = `${clientId}-${unique()}`;
      const outcome = new Promise<Refusal | "stored">((resolve) => {
        client.watchForReceipt(receipt, () => resolve("stored"));
        waiters.set(clientId, resolve);
      });
      client.publish({ destination, body: JSON.stringify({ ...body, clientId }), headers: { receipt } });
      const result = await outcome;
      if (result === "stored") return;
      if (result.code !== "RATE_LIMITED") throw new Error(`refused: ${result.message}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    waiters.delete(clientId);
  }
}

/**
 * Starts recording everything the page's polite live regions say. A region holds only its latest
 * text, and other tests' people write to the shared admin at any time ("New message from …"), so
 * a test asks what was said, not what is showing now. A repeated text is cleared first, then set
 * again: it counts again.
 */
export async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const spoken: string[] = [];
    const last = new Map<Element, string>();
    (window as unknown as { spoken: string[] }).spoken = spoken;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll("[aria-live=polite]")) {
        const text = region.textContent?.trim() ?? "";
        if (text && text !== last.get(region)) spoken.push(text);
        last.set(region, text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** How many times, since `recordAnnouncements`, the page's live regions said something with `text` in it. */
export const timesAnnounced = (page: Page, text: string) =>
  page.evaluate(
    (wanted) => (window as unknown as { spoken: string[] }).spoken.filter((said) => said.includes(wanted)).length,
    text,
  );
