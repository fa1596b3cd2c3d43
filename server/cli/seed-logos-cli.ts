import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

// Draws the demo organisations' logos (server/cli/seed-assets/logos) from shapes, so the demo carries no artwork
// of anyone else's. Run by hand (`node server/cli/seed-logos-cli.ts`) after changing a design; the seed reads the files.

type Rgb = readonly [number, number, number];
/** A logo: the colour at a point of the unit square, (0, 0) top left. */
type Design = (x: number, y: number) => Rgb;

const size = 256;
const samples = 4;

const channel = (value: string, at: number) => Number.parseInt(value.slice(at, at + 2), 16);
const hex = (value: string): Rgb => [channel(value, 1), channel(value, 3), channel(value, 5)];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** Northern Lights Live: three bands of aurora over dark hills, under a few stars. */
const northernLights: Design = (x, y) => {
  const hills = 0.8 + 0.06 * Math.sin(x * 5.2 + 0.8) + 0.03 * Math.sin(x * 13);
  if (y > hills) return hex('#0a1128');
  const stars: Array<[number, number]> = [
    [0.16, 0.14],
    [0.78, 0.1],
    [0.58, 0.2],
    [0.88, 0.34],
    [0.3, 0.08],
  ];
  if (stars.some(([sx, sy]) => inCircle(x, y, sx, sy, 0.012))) return hex('#f8fafc');
  let colour = mix(hex('#0f1b3d'), hex('#1e2a5a'), y);
  const bands: Array<[Rgb, number, number]> = [
    [hex('#34d399'), 0.42, 0],
    [hex('#22d3ee'), 0.52, 1.7],
    [hex('#a78bfa'), 0.33, 3.1],
  ];
  for (const [band, centre, phase] of bands) {
    const middle = centre + 0.08 * Math.sin(x * 6 + phase) + 0.03 * Math.sin(x * 17 + phase);
    const distance = Math.abs(y - middle);
    if (distance < 0.05) colour = mix(colour, band, 0.9 * (1 - distance / 0.05) ** 0.6);
  }
  return colour;
};

/** Harbour Arts Collective: a sail and a low sun over three waves. */
const harbourArts: Design = (x, y) => {
  const sea = hex('#0e7490');
  const wave = (row: number) => Math.abs(y - (row + 0.025 * Math.sin(x * 18 + row * 9))) < 0.018;
  if (y > 0.64) return wave(0.72) || wave(0.81) || wave(0.9) ? hex('#e0f2fe') : hex('#155e75');
  const mast = x > 0.485 && x < 0.505 && y > 0.16 && y < 0.62;
  const sail = y > 0.18 && y < 0.58 && x > 0.51 && x < 0.51 + (y - 0.18) * 0.75;
  const jib = y > 0.26 && y < 0.58 && x < 0.475 && x > 0.475 - (y - 0.26) * 0.55;
  const hull = y > 0.585 && y < 0.64 && x > 0.28 + (y - 0.585) * 1.2 && x < 0.78 - (y - 0.585) * 1.2;
  if (mast || hull) return hex('#1f2937');
  if (sail) return hex('#f97316');
  if (jib) return hex('#fdba74');
  if (inCircle(x, y, 0.24, 0.3, 0.11)) return hex('#fde68a');
  return mix(sea, hex('#67e8f9'), 1 - y / 0.64);
};

/** Riverside Folk Club: a note over the river, in a ring. */
const riversideFolk: Design = (x, y) => {
  const cream = hex('#fef3c7');
  const green = hex('#14532d');
  if (!inCircle(x, y, 0.5, 0.5, 0.44)) return green;
  if (!inCircle(x, y, 0.5, 0.5, 0.4)) return cream;
  const river = [0.66, 0.74].some((row) => Math.abs(y - (row + 0.02 * Math.sin(x * 16))) < 0.018);
  if (river) return hex('#7dd3fc');
  const head = ((x - 0.44) / 1.25) ** 2 + (y - 0.56) ** 2 <= 0.07 ** 2;
  const stem = x > 0.5 && x < 0.53 && y > 0.24 && y < 0.56;
  const flag = y > 0.24 && y < 0.4 && x > 0.53 && x < 0.53 + 0.14 * (1 - (y - 0.24) / 0.16);
  if (head || stem || flag) return cream;
  return green;
};

/** The design drawn as an RGB PNG, each pixel the mean of samples² points (smooth edges). */
function png(design: Design): Buffer {
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let py = 0; py < size; py += 1) {
    rows[py * (size * 3 + 1)] = 0;
    for (let px = 0; px < size; px += 1) {
      let sum: Rgb = [0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = design((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          sum = [sum[0] + colour[0], sum[1] + colour[1], sum[2] + colour[2]];
        }
      }
      rows.set(
        sum.map((total) => Math.round(total / samples ** 2)),
        py * (size * 3 + 1) + 1 + px * 3,
      );
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = join(import.meta.dirname, 'seed-assets', 'logos');
mkdirSync(folder, { recursive: true });
for (const [name, design] of Object.entries({
  'northern-lights-live': northernLights,
  'harbour-arts-collective': harbourArts,
  'riverside-folk-club': riversideFolk,
})) {
  const bytes = png(design);
  writeFileSync(join(folder, `${name}.png`), bytes);
  process.stdout.write(`${name}.png: ${bytes.length} bytes\n`);
}
