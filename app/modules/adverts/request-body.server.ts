// Form posts with files, read with a ceiling on their size. A body announced (Content-Length)
// or found (while streaming) to be larger than the ceiling is refused before it is parsed,
// so an oversized upload costs neither memory nor a 500.

export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
    this.maxBytes = maxBytes;
  }
}

export class BadFormBodyError extends Error {
  constructor(cause: unknown) {
    super("The form body could not be read", { cause });
    this.name = "BadFormBodyError";
  }
}

/** The request's form data, at most `maxBytes` of body; BodyTooLargeError beyond. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const announced = Number(request.headers.get("content-length"));
  if (Number.isFinite(announced) && announced > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new FormData();
  let received = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new BodyTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    return await new Response(limited, { headers: { "Content-Type": contentType } }).formData();
  } catch (error) {
    if (received > maxBytes) throw new BodyTooLargeError(maxBytes);
    throw new BadFormBodyError(error);
  }
}
