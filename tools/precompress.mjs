// Write FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside each FILE given, for hosts that serve a
// precompressed copy by Accept-Encoding (README, "Hosting"); tools/serve.py does. Node's zlib has brotli, so the
// build needs nothing more than it already has. A copy no smaller than its file is not written.
// The files are compressed side by side on zlib's thread pool: brotli 11 on the wasm is most of `make site`.
// Usage: node tools/precompress.mjs FILE...
import { readFile, rm, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function precompress(file) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    toGzip(data, { level: 9 }),
  ]);
  for (const [suffix, copy] of Object.entries({ br, gz })) {
    if (copy.length < data.length) await writeFile(`${file}.${suffix}`, copy);
    else await rm(`${file}.${suffix}`, { force: true });
  }
}

await Promise.all(process.argv.slice(2).map(precompress));
