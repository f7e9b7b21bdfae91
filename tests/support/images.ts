import { crc32, deflateSync } from "node:zlib";

/** One PNG chunk: length, type, data, and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header (IHDR) declaring `width` x `height`, with a token IDAT: a decompression bomb's shape. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The decompression bomb the upload paths must refuse: a PNG declaring 20000x20000. */
export function bombPngBytes(): Buffer {
  return pngDeclaring(20_000, 20_000);
}
