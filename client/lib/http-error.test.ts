import { describe, expect, it } from "vitest";
import { HttpError, parseAnswer, refusedAnswer } from "./http-error.ts";

describe("parseAnswer", () => {
  it("reads JSON, and nothing from an empty or non-JSON body", () => {
    expect(parseAnswer('{"id":3}')).toEqual({ id: 3 });
    expect(parseAnswer("")).toBeUndefined();
    expect(parseAnswer("<html>502 Bad Gateway</html>")).toBeUndefined();
  });
});

describe("refusedAnswer", () => {
  it("carries the server's message and field errors", () => {
    const error = refusedAnswer(400, { message: "Check the form.", errors: { email: "Invalid email." } });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("Check the form.");
    expect(error.serverMessage).toBe("Check the form.");
    expect(error.errors).toEqual({ email: "Invalid email." });
  });

  it("falls back to a message of its own when the server sent none it can use", () => {
    for (const body of [undefined, null, "text", { message: 42, errors: "no" }]) {
      const error = refusedAnswer(502, body);
      expect(error.message).toBe("Request failed (502)");
      expect(error.serverMessage).toBeUndefined();
      expect(error.errors).toBeUndefined();
    }
    expect(refusedAnswer(404, undefined, "Download failed (404)").message).toBe("Download failed (404)");
  });
});
