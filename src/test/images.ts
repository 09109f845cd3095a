import { randomInt } from "node:crypto";
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * A JPEG as a phone writes it: stored sideways with EXIF Orientation 6, and with the camera's
 * EXIF including a GPS position (52°22'30" N, 4°53' E).
 */
export async function makePhoneJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c8506a" } })
    .composite([
      {
        input: {
          create: { width: width / 4, height: height / 4, channels: 3, background: "#fff" },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Artist: "Phone owner", Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 22/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "4/1 53/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A photo no other test uploads: 9×8 random grey blocks, neighbours in a row far apart in
 * brightness, so that its hash is random and firm. Test files share the database and its
 * rejected hashes: a fixed picture rejected here would refuse other files' uploads.
 */
export async function makeUniquePhoto(): Promise<Buffer> {
  const cells = Buffer.alloc(9 * 8);
  for (let row = 0; row < 8; row++) {
    let previous = -100;
    for (let x = 0; x < 9; x++) {
      let value = previous;
      while (Math.abs(value - previous) < 60) value = 20 + randomInt(216);
      cells[row * 9 + x] = value;
      previous = value;
    }
  }
  return sharp(cells, { raw: { width: 9, height: 8, channels: 1 } })
    .resize(900, 800, { kernel: "nearest" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a PNG of a few kilobytes whose header claims width x height pixels of
 * RGB, with one compressed row of zeros after it. Decoding it would need gigabytes.
 */
export function makePngBomb(width = 30000, height = 30000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
