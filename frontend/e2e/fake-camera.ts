// A camera for the browser that films a QR code: Chromium plays a Y4M file
// as its fake capture device (--use-file-for-fake-video-capture), so the
// page's own scanner reads the QR as it would from a phone's camera.
import { writeFileSync } from "node:fs";
import { encode } from "uqr";

const WIDTH = 640;
const HEIGHT = 480;

/** qrVideo writes a short Y4M video (4:2:0) of text's QR code, black on white, to path. */
export function qrVideo(path: string, text: string): void {
  const qr = encode(text, { border: 4 });
  // the code about half the picture's height, as a phone held at arm's
  // length sees it: inside the square qr-scanner reads (the middle two
  // thirds), where a code filling the frame had its corners cut off
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.55) / qr.size);
  const left = Math.floor((WIDTH - qr.size * scale) / 2);
  const top = Math.floor((HEIGHT - qr.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < qr.size * scale; y++) {
    for (let x = 0; x < qr.size * scale; x++) {
      if (qr.data[Math.floor(y / scale)][Math.floor(x / scale)]) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** Chromium's switches for a fake camera playing file, allowed without asking. */
export function fakeCameraArgs(file: string): string[] {
  return ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${file}`];
}
