// Writes name.br and name.gz beside every compressible file of the built
// app, so the server sends pre-compressed bytes and never compresses per
// request. usage: node scripts/compress-web.mjs frontend/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, extname } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const root = process.argv[2];
if (!root) {
  console.error("usage: compress-web.mjs DIR");
  process.exit(2);
}
const compressible = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".map"]);
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!compressible.has(extname(name))) continue;
    const body = readFileSync(path);
    if (body.length < 1024) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // keep a variant only when it saves something
    if (br.length < body.length) writeFileSync(path + ".br", br);
    if (gz.length < body.length) writeFileSync(path + ".gz", gz);
    files++;
    before += body.length;
    after += br.length;
  }
}

walk(root);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
