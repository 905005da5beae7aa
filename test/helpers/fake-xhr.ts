import { afterEach, beforeEach, vi } from "vitest";

/** Just enough of XMLHttpRequest for the helper, driven by the test. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  sent = false;
  aborted = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  respond(status: number, responseText: string) {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** The XMLHttpRequest the code under test created last. */
export function currentXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error("no XMLHttpRequest was created");
  return FakeXhr.last;
}

/** Installs FakeXhr as globalThis.XMLHttpRequest around each test of the calling suite. */
export function installFakeXhr() {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
