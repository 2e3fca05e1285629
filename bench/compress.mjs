// Compressed sizes of files, for the benchmark's bytes rows: what gzip -9 and brotli would send.
// Usage: node bench/compress.mjs QUALITY FILE...   (QUALITY is brotli's, 0-11; precompressed assets use 11)
// Prints one JSON object: {file: {"gzip": bytes, "brotli": bytes}}. Node's zlib has brotli; Python's stdlib does not.
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const [quality, ...files] = process.argv.slice(2);
const sizes = {};
for (const file of files) {
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: Number(quality),
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  sizes[file] = { gzip: gzipSync(data, { level: 9 }).length, brotli: brotli.length };
}
console.log(JSON.stringify(sizes));
