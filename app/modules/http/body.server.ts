import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUploadHandler,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import { parseId } from "./ids.ts";

// The one reader of request bodies: every action reads its form (or JSON) here. A body
// announced (Content-Length) or found while streaming (chunked) to be over the limit is
// refused before it is read whole, so a huge POST costs neither memory nor a 500; a body
// that is not a form (wrong content type, none, broken multipart) is a 400.

/** Plain forms (no files): the longest text field, a page body in the staff editor, fits well under this. */
export const FORM_MAX_BYTES = 256 * 1024;
/** Staff content forms with images (each at most MAX_IMAGE_BYTES): a few images and the texts. */
export const UPLOAD_MAX_FILES = 30;
export const UPLOAD_MAX_BYTES = 60 * 1024 * 1024;

export type BodyLimits = {
  /** The whole body, bytes on the wire. */
  maxBytes: number;
  /** Multipart files: each one, and how many (defaults: none bigger than the body, 20). */
  maxFileBytes?: number;
  maxFiles?: number;
  /** Where files go while the body streams (default: kept in memory, within the caps above). */
  onFile?: FileUploadHandler;
};

export type FormOutcome = { ok: true; form: FormData } | { ok: false; status: 400 | 413; maxBytes: number };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

class BodyTooLargeError extends Error {}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body as a stream that errors once more than `maxBytes` went through; null when Content-Length already says so. */
function boundedBody(request: Request, maxBytes: number): { stream: ReadableStream<Uint8Array> | null; tooLarge: boolean; received: () => number } {
  const announced = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(announced) && announced > maxBytes) return { stream: null, tooLarge: true, received: () => announced };
  let received = 0;
  const stream =
    request.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > maxBytes) controller.error(new BodyTooLargeError());
          else controller.enqueue(chunk);
        },
      }),
      // Cancelling the source would destroy the socket before the 413 is sent: the server drains what is left.
      { preventCancel: true },
    ) ?? null;
  return { stream, tooLarge: false, received: () => received };
}

const TOO_LARGE = [BodyTooLargeError, MaxTotalSizeExceededError, MaxFileSizeExceededError, MaxFilesExceededError, MaxPartsExceededError];
const MALFORMED = [FormDataParseError, MultipartParseError, MaxHeaderSizeExceededError, TypeError];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}

/**
 * The posted form (urlencoded or multipart), within `limits`; never throws for the
 * client's mistakes: 413 over the limits, 400 for anything that is not a readable form.
 */
export async function readFormOutcome(request: Request, limits: BodyLimits = { maxBytes: FORM_MAX_BYTES }): Promise<FormOutcome> {
  const { maxBytes } = limits;
  if (!FORM_TYPES.includes(mediaType(request))) return { ok: false, status: 400, maxBytes };
  const body = boundedBody(request, maxBytes);
  if (body.tooLarge) {
    return { ok: false, status: 413, maxBytes };
  }
  if (!body.stream) return { ok: false, status: 400, maxBytes };
  const bounded = new Request(request.url, { method: "POST", headers: { "Content-Type": request.headers.get("content-type")! }, body: body.stream, duplex: "half" } as RequestInit);
  try {
    const form = await parseFormData(
      bounded,
      { maxFileSize: limits.maxFileBytes ?? maxBytes, maxFiles: limits.maxFiles ?? 20, maxTotalSize: maxBytes, maxParts: 2000 },
      limits.onFile,
    );
    const checked = checkFields(form);
    return checked ? { ok: true, form: checked } : { ok: false, status: 400, maxBytes };
  } catch (error) {
    const chain = causes(error);
    if (body.received() > maxBytes || chain.some((e) => TOO_LARGE.some((type) => e instanceof type))) return { ok: false, status: 413, maxBytes };
    // Errors of the upload handler (storing a file) are the server's own: they stay 500s.
    if (chain.some((e) => MALFORMED.some((type) => e instanceof type))) return { ok: false, status: 400, maxBytes };
    throw error;
  }
}

// C0 control characters other than tab, line feed and carriage return: nobody types them, a
// paste from a PDF may carry some, and PostgreSQL refuses NUL in text. They are dropped
// rather than refused, so a form with one keeps everything the person can see.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
/** Fields that carry row ids (`id`, `ids`, `category_id`, `tag_ids`, `targetId`…). */
const ID_FIELD = /(?:^|_)ids?$|[a-z]Ids?$/;

/** Drops control characters from a text, as every posted field gets it. */
function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}

/**
 * The edge rule of every posted form, before any action sees it: texts lose their control
 * characters, and a non-empty id field that is no positive int4 makes the form a 400, so
 * neither can reach the database as an error. Null for a form to refuse.
 */
export function checkFields(form: FormData): FormData | null {
  let dirty = false;
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (ID_FIELD.test(name) && value !== "" && parseId(value) === null) return null;
    if (CONTROL_CHARACTER.test(value)) dirty = true;
  }
  if (!dirty) return form;
  const cleaned = new FormData();
  for (const [name, value] of form) cleaned.append(name, typeof value === "string" ? stripControlCharacters(value) : value);
  return cleaned;
}

/** What a browser gets for a body it should not have sent: the error page (in the shell) says why. */
function bodyError(status: 400 | 413): never {
  throw data(null, { status, statusText: status === 413 ? "Payload Too Large" : "Bad Request" });
}

/** The posted form within `limits`, or the 400/413 error page. */
export async function readForm(request: Request, limits?: BodyLimits): Promise<FormData> {
  const outcome = await readFormOutcome(request, limits);
  if (!outcome.ok) bodyError(outcome.status);
  return outcome.form;
}

/** A request carrying `form` as its body, for code that reads the body itself (remix-auth's FormStrategy). */
export function requestWithForm(request: Request, form: FormData): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  const body = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") body.append(name, value);
  return new Request(request.url, { method: "POST", headers, body });
}

export type JsonOutcome = { ok: true; value: unknown } | { ok: false; status: 400 | 413 };

/** A JSON body of at most `maxBytes` (beacons): plain 413 over it, 400 for anything that is not JSON. */
export async function readJson(request: Request, maxBytes: number): Promise<JsonOutcome> {
  const body = boundedBody(request, maxBytes);
  if (body.tooLarge) {
    return { ok: false, status: 413 };
  }
  if (!body.stream) return { ok: false, status: 400 };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await new Response(body.stream).arrayBuffer());
  } catch {
    // Over the limit, or the client went away mid-body, or not UTF-8.
    return { ok: false, status: body.received() > maxBytes ? 413 : 400 };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400 };
  }
}
