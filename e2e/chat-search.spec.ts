/**
 * Chat search and the mention badge (DESIGN §10), as a person uses them at a desk (1280 px) and on a
 * phone (375 px, the chats list in a drawer): find messages by a word, read the hits grouped by
 * conversation with the word marked, page through them, and jump to one; see the @ badge on a
 * group where a colleague mentioned you.
 *
 * Users and groups are made through the API and the test data is sent over STOMP, as another
 * client would (fixtures habit); searching and reading go through the page.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { chatDestinations, chatPaths } from "../shared/chat.ts";
import {
  type Account,
  chatButton,
  chatsSidebar,
  connectionStatus,
  createGroup,
  drawer,
  escapeRegExp,
  isPhone,
  loginAdmin,
  messageItem,
  messages,
  newEmployee,
  openDashboard,
  stompAs,
  stompSend,
  unique,
} from "./chat-fixtures.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/**
 * A word nobody else's test writes: consonants only, so that no stemmer trims an ending and every
 * run's hits are its own.
 */
function uniqueWord(prefix: string) {
  const letters = "bcdfghjklmnpqrtvwxz";
  let word = prefix;
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function setMembers(api: APIRequestContext, adminToken: string, groupId: number, members: Account[]) {
  const response = await api.put(chatPaths.groupMembers(groupId), {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { members: members.map((member) => member.username) },
  });
  expect(response.status(), "update members").toBe(200);
}

/** The chats list: the sidebar at a desk; on a phone the drawer, opened from the chats button. */
async function chatsList(page: Page): Promise<Locator> {
  if (!isPhone(page)) return chatsSidebar(page);
  if (!(await drawer(page).isVisible())) await page.getByRole("button", { name: /^Chats(, .+ unread)?$/ }).click();
  await expect(drawer(page)).toBeVisible();
  return drawer(page);
}

const searchBox = (list: Locator) =>
  list.getByRole("search", { name: "Search messages" }).getByRole("searchbox", { name: "Search messages" });
/** A screenshot kept with the test's output (and attached to its report), for looking at the layout. */
async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  // At a desk the chat is a card down the dashboard: the card is what matters.
  if (isPhone(page)) await page.screenshot({ path });
  else await page.locator("#internal-chat").screenshot({ path });
  await test.info().attach(name, { path, contentType: "image/png" });
}

const results = (list: Locator) => list.getByRole("region", { name: "Search results" });

/** A conversation's heading among the hits: its name and how many hits it has. */
const hitsHeading = (list: Locator, name: string, count: string) =>
  list.getByRole("heading", {
    level: isPhone(list.page()) ? 3 : 4,
    name: new RegExp(`^${escapeRegExp(name)}\\W+${count}$`),
  });

test.describe("chat search", () => {
  test("finds messages by a word, grouped by conversation and marked, pages, and jumps to one", async ({
    page,
    request: api,
  }) => {
    test.slow();
    const adminToken = await loginAdmin(api);
    const alice = await newEmployee(api, adminToken, "Alice");
    const bob = await newEmployee(api, adminToken, "Bob");
    const word = uniqueWord("gantry");
    const yard = await createGroup(api, adminToken, `Yard ${unique()}`, [alice, bob]);
    const oldCrew = await createGroup(api, adminToken, `Old crew ${unique()}`, [alice, bob]);

    const client = await stompAs(bob);
    await stompSend(client, chatDestinations.sendGroup, {
      groupId: oldCrew.id,
      content: `Old crew only: the ${word} keys are in the office`,
    });
    for (let n = 1; n <= 22; n += 1) {
      await stompSend(client, chatDestinations.sendPrivate, {
        recipient: alice.username,
        content: `Crane report ${n}: ${word} checked`,
      });
    }
    // The newest hit, in a group; someone pasted markup, which must stay text.
    await stompSend(client, chatDestinations.sendGroup, {
      groupId: yard.id,
      content: `Gate code <script>alert("x")</script> for the ${word} & the crane`,
    });
    await client.deactivate();
    // Alice leaves Old crew: what was said there is no longer hers to find.
    await setMembers(api, adminToken, oldCrew.id, [bob]);

    await openDashboard(page, alice);
    let list = await chatsList(page);
    const box = searchBox(list);
    await box.fill(word);
    const status = results(list).getByRole("status");

    // 23 hits: 22 private, 1 in Yard; none from Old crew. Newest first, 20 a page.
    await expect(status).toHaveText("23 results");
    await expect(hitsHeading(list, yard.name, "1 result")).toBeVisible();
    await expect(hitsHeading(list, bob.name, "19 results")).toBeVisible();
    await expect(list.getByRole("heading", { name: new RegExp(escapeRegExp(oldCrew.name)) })).toHaveCount(0);
    // The conversation list makes way for the results.
    await expect(list.getByRole("heading", { name: /^People/ })).toHaveCount(0);

    // The hits: sender, time, the text with the word marked; markup in a message is shown as written.
    const gate = list.getByRole("button", { name: /Gate code/ });
    await expect(gate).toContainText(`Gate code <script>alert("x")</script> for the ${word} & the crane`);
    await expect(gate.locator("mark")).toHaveText(word);
    await expect(gate).toContainText(bob.name);
    await expect(gate.locator("time")).toBeVisible();
    await expect(list.locator("script")).toHaveCount(0);
    const newest = list.getByRole("button", { name: /Crane report 22:/ });
    await expect(newest.locator("mark")).toHaveText(word);
    await expectNoAxeViolations(page);
    await shot(page, "search-results");

    // The next page: the rest of Bob's, and focus on the first of them.
    await list.getByRole("button", { name: "Load more results" }).click();
    await expect(hitsHeading(list, bob.name, "22 results")).toBeVisible();
    await expect(list.getByRole("button", { name: /Crane report 3:/ })).toBeFocused();
    await expect(list.getByRole("button", { name: "Load more results" })).toHaveCount(0);
    await expect(status).toHaveText("23 results");
    await expect(list.getByRole("heading", { name: new RegExp(escapeRegExp(oldCrew.name)) })).toHaveCount(0);

    // The oldest hit is on an older page of the chat than the one it opens on: it opens around it.
    // From the keyboard: the arrows move through the hits, Enter opens one.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(list.getByRole("button", { name: /Crane report 1:/ })).toBeFocused();
    await page.keyboard.press("Enter");
    if (isPhone(page)) await expect(list).toBeHidden();
    await expect(page.getByRole("heading", { level: 3, name: bob.name })).toBeVisible();
    const target = messages(page).getByText(`Crane report 1: ${word} checked`, { exact: true });
    await expect(target).toBeInViewport();
    // Focused: a screen reader reads it, and it is ringed for a moment.
    const item = messageItem(page, `Crane report 1: ${word} checked`);
    await expect(item).toBeFocused();
    await shot(page, "jumped");

    // The search is still there (on a phone, when the drawer opens again), now narrowed to this chat.
    list = await chatsList(page);
    await expect(searchBox(list)).toHaveValue(word);
    await list.getByRole("button", { name: "In this chat" }).click();
    await expect(list.getByRole("button", { name: "In this chat" })).toHaveAttribute("aria-pressed", "true");
    await expect(results(list).getByRole("status")).toHaveText("22 results");
    await shot(page, "in-this-chat");

    // A hit in the chat on screen: it scrolls there and focuses it.
    await list.getByRole("button", { name: /Crane report 22:/ }).click();
    if (isPhone(page)) await expect(list).toBeHidden();
    await expect(messageItem(page, `Crane report 22: ${word} checked`)).toBeFocused();
    list = await chatsList(page);
    await expect(list.getByRole("heading", { name: new RegExp(escapeRegExp(yard.name)) })).toHaveCount(0);

    // A word nobody wrote.
    await searchBox(list).fill(`${word}zzz`);
    await expect(results(list).getByRole("status")).toHaveText(`No messages match “${word}zzz”`);
    await shot(page, "no-match");

    // Escape clears the search and gives the list back (on a phone the drawer stays open for that).
    await searchBox(list).press("Escape");
    await expect(searchBox(list)).toHaveValue("");
    await expect(searchBox(list)).toBeFocused();
    await expect(list.getByRole("heading", { name: /^People/ })).toBeVisible();
    await expect(chatButton(list, bob.name)).toBeVisible();
  });

  test("a search that fails says so and can be tried again", async ({ page, request: api, consoleErrors }) => {
    const adminToken = await loginAdmin(api);
    const alice = await newEmployee(api, adminToken, "Alice");
    // The browser reports the failed request on the console.
    consoleErrors.allow(/status of 503/);
    let failing = true;
    await page.route("**/api/chat/search?**", (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Unavailable"}' })
        : route.fallback(),
    );

    await openDashboard(page, alice);
    const list = await chatsList(page);
    const word = uniqueWord("rivet");
    await searchBox(list).fill(word);
    await expect(results(list).getByRole("status")).toHaveText("Could not search messages.", { timeout: 15_000 });
    await shot(page, "search-failed");
    failing = false;
    await results(list).getByRole("button", { name: "Try again" }).click();
    await expect(results(list).getByRole("status")).toHaveText(`No messages match “${word}”`);
    await expect(results(list).getByRole("button", { name: "Try again" })).toHaveCount(0);
  });

  test("a colleague's @mention puts an @ badge on the group until it is read", async ({ page, request: api }) => {
    test.slow();
    const adminToken = await loginAdmin(api);
    const alice = await newEmployee(api, adminToken, "Alice");
    const bob = await newEmployee(api, adminToken, "Bob");
    const site = await createGroup(api, adminToken, `Site ${unique()}`, [alice, bob]);

    // Alice is busy in another chat.
    await openDashboard(page, alice);
    let list = await chatsList(page);
    await chatButton(list, bob.name).click();
    await expect(page.getByRole("heading", { level: 3, name: bob.name })).toBeVisible();

    const client = await stompAs(bob);
    await stompSend(client, chatDestinations.sendGroup, { groupId: site.id, content: "Concrete truck at 7." });
    list = await chatsList(page);
    const group = chatButton(list, site.name);
    await expect(group).toHaveAccessibleName(/1 unread message/);
    await expect(group.getByRole("img", { name: "You were mentioned" })).toHaveCount(0);

    await stompSend(client, chatDestinations.sendGroup, {
      groupId: site.id,
      content: `@${alice.username.toUpperCase()} can you check the anchor bolts?`,
    });
    await client.deactivate();
    await expect(group).toHaveAccessibleName(/2 unread messages/);
    await expect(group.getByRole("img", { name: "You were mentioned" })).toBeVisible();
    await expect(group).toHaveAccessibleName(/You were mentioned/);
    await group.scrollIntoViewIfNeeded();
    await shot(page, "mention-badge");
    await expectNoAxeViolations(page);

    // The server remembers it: after a reload the badge is back from the unread list.
    await page.reload();
    await expect(connectionStatus(page)).toHaveText("Connected", { timeout: 15_000 });
    list = await chatsList(page);
    await expect(chatButton(list, site.name).getByRole("img", { name: "You were mentioned" })).toBeVisible();

    // Reading the group clears it.
    await chatButton(list, site.name).click();
    await expect(page.getByRole("heading", { level: 3, name: site.name })).toBeVisible();
    list = await chatsList(page);
    await expect(chatButton(list, site.name).getByRole("img", { name: "You were mentioned" })).toHaveCount(0);
    await expect(chatButton(list, site.name)).not.toHaveAccessibleName(/unread/);
  });
});
