import type { Multipart, MultipartFile, MultipartValue } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { assertNoControlCharacters, controlCharacterErrors, invalidFieldsMessage } from "../lib/control-characters.ts";
import { badRequest } from "../lib/errors.ts";

/** A multipart form's text field (not a file): its name and value are what a person typed. */
const isField = (part: Multipart | undefined): part is MultipartValue => part?.type === "field";

const fieldErrors = (part: MultipartValue) => controlCharacterErrors({ [part.fieldname]: part.value });

/**
 * `parts` and `files` as they read, every text field checked: once the route has read the form
 * (to its end, or stopping early), a field with a control character is the route's error, a 400
 * naming every such field, as the loop over the parts ends and before the route acts on what it
 * read. An error of the form itself (a limit, a cut-off body) is left to the route, unchanged.
 */
async function* checked<T extends Multipart>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  const errors: Record<string, string> = Object.create(null);
  let failed = false;
  try {
    for await (const part of parts) {
      if (isField(part)) Object.assign(errors, fieldErrors(part));
      yield part;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // biome-ignore lint/correctness/noUnsafeFinally: the refusal ends the route's loop, read or left early
    if (!failed && Object.keys(errors).length > 0) throw badRequest(invalidFieldsMessage, errors);
  }
}

/**
 * Multipart forms are read by their routes, as streams: `request.parts()`, `request.file()` and
 * `request.files()` (@fastify/multipart, registered in each module's own scope) are wrapped for
 * every request that has them, so no route can read a text field that was not checked.
 */
function checkMultipartFields(request: FastifyRequest) {
  if (typeof request.parts !== "function") return;
  const { parts, file, files } = request;
  request.parts = (...args) => checked(parts.apply(request, args));
  request.files = (...args) => checked(files.apply(request, args));
  request.file = async (...args) => {
    const data = await file.apply(request, args);
    const errors: Record<string, string> = Object.create(null);
    for (const value of Object.values(data?.fields ?? {})) {
      for (const part of [value].flat()) {
        if (isField(part as Multipart | undefined)) Object.assign(errors, fieldErrors(part as MultipartValue));
      }
    }
    if (Object.keys(errors).length > 0) {
      data?.file.resume();
      throw badRequest(invalidFieldsMessage, errors);
    }
    return data as MultipartFile | undefined;
  };
}

/**
 * Refuses, before validation and for every route, any path parameter, query parameter or JSON
 * body string holding a C0 control character other than tab, newline and carriage return: a 400
 * naming the fields, never a database error. A multipart form's text fields get the same 400 as
 * the route reads them (checkMultipartFields); tus metadata is checked where an upload is created
 * (plugins/resumable-uploads.ts).
 */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      assertNoControlCharacters(request.params, request.query, request.body);
    });
    app.addHook("preHandler", async (request) => {
      checkMultipartFields(request);
    });
  },
  { name: "input", dependencies: ["errors"] },
);
