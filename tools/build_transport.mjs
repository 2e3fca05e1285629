// Bundle the room transport and the QR helper with their npm dependencies (@noble/secp256k1, qrcode-generator)
// into static/vendor/net/, so the site never loads them from a CDN. tools/build_site.py runs this
// before it writes the manifest, which then lists the bundles like the rest of static/vendor/.
//
//     node tools/build_transport.mjs
//     FACE_DOWN_TURN="turn:USER:PASSWORD@turn.example.org:3478" node tools/build_transport.mjs   # with TURN
//
// FACE_DOWN_TURN (static/js/net/config.js says its form) is the deploy's TURN servers, put in the bundle.

import { build } from "esbuild";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}static/vendor/net`;

await build({
  absWorkingDir: root,
  entryPoints: { transport: "static/js/net/transport.js", qr: "static/js/net/qr.js" },
  outdir,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  // Licence comments the dependencies mark as legal (/*! … */, @license) stay, at the end of each bundle.
  legalComments: "eof",
  define: { __FACE_DOWN_TURN__: JSON.stringify(process.env.FACE_DOWN_TURN ?? "") },
  logLevel: "warning",
});

for (const name of ["transport.js", "qr.js"]) {
  console.log(`bundled static/vendor/net/${name}: ${(statSync(`${outdir}/${name}`).size / 1e3).toFixed(1)} kB`);
}
