// Real PNG files for upload tests, drawn pixel by pixel so the server's
// image checks decode a genuine picture (a laptop on a coloured backdrop).
import { crc32, deflateSync } from "node:zlib";

type RGB = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** laptopPng draws a width x height RGB PNG of a laptop; `tint` colours the backdrop. */
export function laptopPng(width = 160, height = 120, tint: RGB = [13, 148, 136]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const lidX0 = width * 0.22, lidX1 = width * 0.78, lidY0 = height * 0.18, lidY1 = height * 0.68;
  const baseY1 = height * 0.78;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      let c: RGB = [tint[0] * (1 - t) + 30 * t, tint[1] * (1 - t) + 60 * t, tint[2] * (1 - t) + 110 * t];
      const inLid = x >= lidX0 && x <= lidX1 && y >= lidY0 && y <= lidY1;
      const inScreen = x >= lidX0 + 4 && x <= lidX1 - 4 && y >= lidY0 + 4 && y <= lidY1 - 3;
      const slope = ((y - lidY1) / (baseY1 - lidY1)) * width * 0.08;
      const inBase = y > lidY1 && y <= baseY1 && x >= lidX0 - slope && x <= lidX1 + slope;
      if (inLid) c = [226, 232, 240];
      if (inScreen) c = [153 - (y - lidY0), 246 - (y - lidY0), 228];
      if (inBase) c = [203, 213, 225];
      const i = row + 1 + x * 3;
      raw[i] = Math.round(c[0]);
      raw[i + 1] = Math.round(c[1]);
      raw[i + 2] = Math.round(c[2]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
