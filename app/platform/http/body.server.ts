import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "@fastify/busboy";
import { FormDataParseError, MaxPartsExceededError, MaxTotalSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { parseId } from "./ids.ts";
import { httpError } from "./errors.ts";

// The one reader of request bodies: every action reads its form (or JSON) here. A body
// announced (Content-Length) or found while streaming (chunked) to be over the limit is
// refused before it is read whole, so a huge POST costs neither memory nor a 500; a body
// that is not a form (wrong content type, none, broken multipart) is a 400. Multipart bodies
// stream through busboy: a form with uploads (readUploadOutcome) writes each file to a
// temporary file as its bytes arrive, so no request holds more than a few chunks in memory.

/** Plain forms (no files): the longest text field, a page body in the staff editor, fits well under this. */
export const FORM_MAX_BYTES = 256 * 1024;
/** Staff content forms with images (each at most MAX_IMAGE_BYTES): a few images and the texts. */
export const UPLOAD_MAX_FILES = 30;
export const UPLOAD_MAX_BYTES = 60 * 1024 * 1024;
/** Their texts: two rich-text bodies of 200,000 characters (Cyrillic: two bytes each) and the rest. */
export const UPLOAD_MAX_TEXT_BYTES = 2 * 1024 * 1024;
/** Parts of one multipart body (fields and files). */
const MAX_PARTS = 2000;

export type BodyLimits = {
  /** The whole body, bytes on the wire. */
  maxBytes: number;
  /** Multipart files: each one, and how many (defaults: none bigger than the body, 20). */
  maxFileBytes?: number;
  maxFiles?: number;
  /** Multipart text fields, all together (default FORM_MAX_BYTES). */
  maxTextBytes?: number;
};

export type FormOutcome = { ok: true; form: FormData } | { ok: false; status: 400 | 413; maxBytes: number };

/** A posted file, written to a temporary file while the body streamed. */
export type SpooledFile = {
  /** The form field it was posted in. */
  field: string;
  /** The name the browser gave (may be empty). */
  name: string;
  type: string;
  /** Bytes written; for a file over the per-file cap, the cap's worth were read and the rest discarded. */
  size: number;
  /** The temporary file; null when the file was over the per-file cap (nothing is kept of it). */
  path: string | null;
};

export type UploadOutcome =
  | {
      ok: true;
      /** The text fields. */
      form: FormData;
      /** The files in the order posted, without empty file inputs; each over the per-file cap has `path: null`. */
      files: SpooledFile[];
      /** Deletes the temporary files: call it once the files have been stored or refused. */
      dispose: () => Promise<void>;
    }
  | { ok: false; status: 400 | 413 | 415; maxBytes: number };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

class BodyTooLargeError extends Error {}
class MalformedBodyError extends Error {}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body as a stream that errors once more than `maxBytes` went through; null when Content-Length already says so. */
function boundedBody(
  request: Request,
  maxBytes: number,
): { stream: ReadableStream<Uint8Array> | null; tooLarge: boolean; received: () => number } {
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

const TOO_LARGE = [BodyTooLargeError, MaxTotalSizeExceededError, MaxPartsExceededError];
const MALFORMED = [FormDataParseError, MalformedBodyError, TypeError];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}

/** How posted files are kept: in memory as Files (small plain forms), in temporary files, or not at all. */
type FileMode = { kind: "memory" } | { kind: "spool"; dir: () => Promise<string> } | { kind: "discard" };

/**
 * Streams a multipart body through busboy. Text fields go into the FormData (all of them
 * together within `maxTextBytes`); files are kept as `mode` says, each within `maxFileBytes`:
 * in memory a larger file is a 413, spooled it is discarded past the cap and reported with
 * `path: null`, so the form can name it. More files than `maxFiles` is a 413.
 */
async function readMultipart(
  contentType: string,
  body: ReadableStream<Uint8Array>,
  limits: Required<BodyLimits>,
  mode: FileMode,
): Promise<{ form: FormData; files: SpooledFile[] }> {
  let busboy: ReturnType<typeof Busboy>;
  try {
    busboy = Busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, parts: MAX_PARTS, fieldSize: limits.maxTextBytes, headerPairs: 100 },
    });
  } catch (error) {
    throw new MalformedBodyError("not a multipart body", { cause: error });
  }
  const form = new FormData();
  const files: SpooledFile[] = [];
  const writes: Array<Promise<void>> = [];
  const open: Readable[] = [];
  let textBytes = 0;
  const failed: { error?: Error } = {};
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  const fail = (error: Error) => {
    failed.error ??= error;
    source.destroy(error);
    busboy.destroy(error);
  };
  busboy.on("field", (name, value, _nameTruncated, valueTruncated) => {
    textBytes += Buffer.byteLength(value);
    if (valueTruncated || textBytes > limits.maxTextBytes) fail(new MaxTotalSizeExceededError(limits.maxTextBytes));
    else form.append(name, value);
  });
  busboy.on("file", (field, stream, name, _encoding, type) => {
    const index = files.length;
    const entry: SpooledFile = { field, name: name ?? "", type, size: 0, path: null };
    files.push(entry);
    open.push(stream);
    // A part cut short (the body ended mid-file) is a malformed body.
    stream.on("error", (error) => fail(new MalformedBodyError(String(error), { cause: error })));
    if (mode.kind === "discard") {
      stream.on("data", (chunk: Buffer) => (entry.size += chunk.byteLength));
      return;
    }
    if (mode.kind === "memory") {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        entry.size += chunk.byteLength;
        chunks.push(chunk);
      });
      stream.on("limit", () => fail(new MaxTotalSizeExceededError(limits.maxFileBytes)));
      stream.on("end", () =>
        form.append(
          field,
          new File(
            chunks.map((chunk) => new Uint8Array(chunk)),
            entry.name,
            { type },
          ),
        ),
      );
      return;
    }
    writes.push(
      (async () => {
        // No 'data' listener before the pipe: the stream waits, paused, for the file to open.
        const file = path.join(await mode.dir(), `${index}`);
        // A pipe from a stream destroyed meanwhile (the body failed) would never settle.
        if (stream.destroyed) throw new MalformedBodyError("the body ended before the file");
        const output = createWriteStream(file);
        await pipeline(stream, output);
        entry.size = output.bytesWritten;
        // An empty file input posts a nameless empty file: not an upload.
        if (stream.truncated || (entry.size === 0 && entry.name === "")) await rm(file, { force: true });
        else entry.path = file;
      })().catch((error: unknown) => {
        stream.resume();
        fail(error as Error);
      }),
    );
  });
  busboy.on("filesLimit", () => fail(new MaxPartsExceededError(limits.maxFiles)));
  busboy.on("partsLimit", () => fail(new MaxPartsExceededError(MAX_PARTS)));
  // busboy emits a malformed body's error without destroying itself, which leaves the pipeline waiting.
  busboy.on("error", (error: unknown) => fail(new MalformedBodyError(String(error), { cause: error })));
  try {
    await pipeline(source, busboy as Writable);
  } catch (error) {
    const cause = failed.error ?? new MalformedBodyError(String(error), { cause: error });
    // A file cut off mid-body never ends by itself: end its write so the temporary file can go.
    for (const stream of open) if (!stream.readableEnded) stream.destroy(cause);
    await Promise.allSettled(writes);
    throw cause;
  }
  await Promise.all(writes);
  if (failed.error) throw failed.error;
  const kept = mode.kind === "spool" ? files.filter((file) => file.path !== null || file.size > 0 || file.name !== "") : files;
  return { form, files: kept };
}

type ParsedBody = { ok: true; form: FormData; files: SpooledFile[] } | { ok: false; status: 400 | 413 | 415; maxBytes: number };

async function readBody(request: Request, limits: BodyLimits, mode: FileMode, multipartOnly = false): Promise<ParsedBody> {
  const { maxBytes } = limits;
  const type = mediaType(request);
  const body = boundedBody(request, maxBytes);
  // Too large by its announcement first: nothing else about the body matters then.
  if (body.tooLarge) return { ok: false, status: 413, maxBytes };
  if (multipartOnly && type !== "multipart/form-data") return { ok: false, status: 415, maxBytes };
  if (!FORM_TYPES.includes(type)) return { ok: false, status: 400, maxBytes };
  if (!body.stream) return { ok: false, status: 400, maxBytes };
  try {
    let parsed: { form: FormData; files: SpooledFile[] };
    if (type === "multipart/form-data") {
      const full = {
        maxBytes,
        maxFileBytes: limits.maxFileBytes ?? maxBytes,
        maxFiles: limits.maxFiles ?? 20,
        maxTextBytes: limits.maxTextBytes ?? FORM_MAX_BYTES,
      };
      parsed = await readMultipart(request.headers.get("content-type")!, body.stream, full, mode);
    } else {
      // Urlencoded bodies hold text only, already capped at maxBytes on the wire.
      const bounded = new Request(request.url, {
        method: "POST",
        headers: { "Content-Type": request.headers.get("content-type")! },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      parsed = { form: await parseFormData(bounded, { maxTotalSize: maxBytes, maxParts: MAX_PARTS }), files: [] };
    }
    const checked = checkFields(parsed.form);
    return checked ? { ok: true, form: checked, files: parsed.files } : { ok: false, status: 400, maxBytes };
  } catch (error) {
    const chain = causes(error);
    if (body.received() > maxBytes || chain.some((e) => TOO_LARGE.some((kind) => e instanceof kind)))
      return { ok: false, status: 413, maxBytes };
    if (chain.some((e) => MALFORMED.some((kind) => e instanceof kind))) return { ok: false, status: 400, maxBytes };
    throw error;
  }
}

/**
 * The posted form (urlencoded or multipart), within `limits`; never throws for the
 * client's mistakes: 413 over the limits, 400 for anything that is not a readable form.
 * Files of a multipart form stay small Files in memory: forms that take uploads read them
 * with readUploadOutcome.
 */
export async function readFormOutcome(request: Request, limits: BodyLimits = { maxBytes: FORM_MAX_BYTES }): Promise<FormOutcome> {
  const outcome = await readBody(request, limits, { kind: "memory" });
  if (outcome.ok) return { ok: true, form: outcome.form };
  return { ok: false, status: outcome.status === 415 ? 400 : outcome.status, maxBytes: outcome.maxBytes };
}

/**
 * A form with uploads, each file written to a temporary file as it arrives: multipart only
 * (anything else is a 415) unless `urlencoded` (a form that may come without files);
 * `discardFiles`: files are read past and dropped, for a form that cannot take them now but
 * must keep what was typed. Call `dispose` when done with the files.
 */
export async function readUploadOutcome(
  request: Request,
  limits: BodyLimits & { discardFiles?: boolean; urlencoded?: boolean },
): Promise<UploadOutcome> {
  let dir: Promise<string> | undefined;
  const dispose = async () => {
    if (dir) await rm(await dir, { recursive: true, force: true });
  };
  const mode: FileMode = limits.discardFiles
    ? { kind: "discard" }
    : { kind: "spool", dir: () => (dir ??= mkdtemp(path.join(tmpdir(), "portal-upload-"))) };
  try {
    const outcome = await readBody(request, limits, mode, !limits.urlencoded);
    if (!outcome.ok) {
      await dispose();
      return outcome;
    }
    return { ok: true, form: outcome.form, files: outcome.files, dispose };
  } catch (error) {
    await dispose();
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
  httpError(status);
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

export type BytesOutcome = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; status: 400 | 413 };

/** The raw body, at most `maxBytes` (413 past it, before reading when Content-Length says so). */
export async function readBoundedBytes(request: Request, maxBytes: number): Promise<BytesOutcome> {
  const body = boundedBody(request, maxBytes);
  if (body.tooLarge) return { ok: false, status: 413 };
  if (!body.stream) return { ok: true, bytes: new Uint8Array() };
  try {
    return { ok: true, bytes: new Uint8Array(await new Response(body.stream).arrayBuffer()) };
  } catch {
    return { ok: false, status: body.received() > maxBytes ? 413 : 400 };
  }
}
