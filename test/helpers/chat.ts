// Helpers for the chat's tests: people with sessions, REST calls as them, connected STOMP clients.
import { chatDestinations } from "../../shared/chat.ts";
import type { UploadResult } from "../../shared/chat-attachments.ts";
import type { TestApp } from "./app.ts";
import { authHeader, createEmployee, type EmployeeOverrides, loginAs } from "./factories.ts";
import { multipart } from "./multipart.ts";
import { type StompTestClient, stompClient } from "./realtime.ts";

export interface ChatPerson {
  id: number;
  username: string;
  password: string;
  token: string;
}

/** A new employee (or admin) with a session. */
export async function chatPerson(t: TestApp, overrides: EmployeeOverrides = {}): Promise<ChatPerson> {
  const employee = await createEmployee(t, overrides);
  const token = await loginAs(t, employee, overrides.kind ?? "employee");
  return { id: employee.id, username: employee.username, password: employee.password, token };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A REST call as `who`. */
export const call = (t: TestApp, method: Method, url: string, who: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: authHeader(who.token), ...(payload === undefined ? {} : { payload }) });

/** A REST call that must answer `status`; its JSON. */
export async function expectJson<T = unknown>(
  t: TestApp,
  method: Method,
  url: string,
  who: { token: string },
  status = 200,
  payload?: object,
): Promise<T> {
  const response = await call(t, method, url, who, payload);
  if (response.statusCode !== status) {
    throw new Error(`${method} ${url}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return response.json() as T;
}

/** Uploads a small text file as `who`. */
export async function uploadText(t: TestApp, who: { token: string }, text: string, fileName = "notes.txt") {
  const body = multipart([{ name: "file", value: text, fileName, contentType: "text/plain" }]);
  const response = await t.app.inject({
    method: "POST",
    url: "/upload",
    headers: { ...body.headers, ...authHeader(who.token) },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json() as UploadResult;
}

/** A connected client with its private queue and errors queue subscribed; closed by `closeAll`. */
export function chatClients(url: () => string) {
  const open: StompTestClient[] = [];
  return {
    async connect(who: { username: string; token: string }) {
      const client = await stompClient(url(), who);
      open.push(client);
      const queue = await client.subscribe(chatDestinations.privateQueue(who.username));
      const errors = await client.subscribe(chatDestinations.errorsQueue);
      return { client, queue, errors };
    },
    closeAll: () => Promise.all(open.splice(0).map((client) => client.close())),
  };
}
