// Child of pdf-browser-orphan.test.ts: launches Chromium as the worker does, prints its pid, and
// waits to be killed.
const { launchChromium } = await import(process.argv[2]);
const browser = await launchChromium(process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium');
process.stdout.write(`${browser.process()?.pid}\n`);
setInterval(() => undefined, 1000);
