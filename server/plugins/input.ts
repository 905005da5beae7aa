import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { assertNoControlCharacters } from "../lib/control-characters.ts";

/**
 * Refuses, before validation and for every route, any path parameter, query parameter or JSON
 * body string holding a C0 control character other than tab, newline and carriage return: a 400
 * naming the fields, never a database error. Multipart forms are read by their routes, which call
 * `assertNoControlCharacters` (or `controlCharacterErrors`) on their text fields.
 */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      assertNoControlCharacters(request.params, request.query, request.body);
    });
  },
  { name: "input", dependencies: ["errors"] },
);
