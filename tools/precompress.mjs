// Write FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside each FILE given, for hosts that serve a
// precompressed copy by Accept-Encoding (README, "Hosting"); tools/serve.py does. Node's zlib has brotli, so the
// build needs nothing more than it already has. A copy no smaller than its file is not written.
// Usage: node tools/precompress.mjs FILE...
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  const copies = {
    br: brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    gz: gzipSync(data, { level: 9 }),
  };
  for (const [suffix, copy] of Object.entries(copies)) {
    if (copy.length < data.length) writeFileSync(`${file}.${suffix}`, copy);
    else rmSync(`${file}.${suffix}`, { force: true });
  }
}
