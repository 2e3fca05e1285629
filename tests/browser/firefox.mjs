// Firefox ESR for tests/browser/test_engines.py: puppeteer-core drives Debian's firefox-esr over WebDriver BiDi
// (the npm geckodriver package downloads its binary from outside, which cannot be done here: PLATFORM.md).
//
// One JSON command a line on stdin, one JSON answer a line on stdout, in order:
//   {"op": "goto", "arg": URL}           -> {"result": null}
//   {"op": "evaluate", "arg": JS}        -> {"result": the value of the expression JS (awaited), as JSON}
//   {"op": "reload"}                     -> {"result": null}
// A command that fails answers {"error": "..."}. The page's console errors and uncaught errors are answered too,
// with the next command's answer ({"errors": [...]}), so that the test fails on them as it does in Chromium.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
  headless: true,
});
const page = await browser.newPage();
const errors = [];
page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
page.on("pageerror", (error) => errors.push(String(error)));

const OPS = {
  goto: (url) => page.goto(url).then(() => null),
  evaluate: (expression) => page.evaluate(expression),
  reload: () => page.reload().then(() => null),
};

const lines = readline.createInterface({ input: process.stdin });
console.log(JSON.stringify({ ready: true }));
for await (const line of lines) {
  const { op, arg } = JSON.parse(line);
  let answer;
  try {
    answer = { result: (await OPS[op](arg)) ?? null };
  } catch (error) {
    answer = { error: String(error) };
  }
  console.log(JSON.stringify({ ...answer, errors: errors.splice(0) }));
}
await browser.close();
