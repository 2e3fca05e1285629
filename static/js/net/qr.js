// QR codes for invitations: the invite link (or a link transport's offer/answer) as an SVG string the
// page can put straight into the DOM. Bundled into static/vendor/net/qr.js by tools/build_transport.mjs.

import qrcode from "qrcode-generator";

/**
 * `text` as a QR code, an `<svg>` string that scales to its container. Level "L" (7 % redundancy) keeps
 * the modules of a long link as big as possible; a code read off a screen needs little error correction.
 */
export function qrSvg(text, { level = "L", title = "" } = {}) {
  const code = qrcode(0, level); // type 0: the smallest version that fits
  code.addData(text, "Byte");
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 16, scalable: true, title });
}
