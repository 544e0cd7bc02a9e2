import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

// Debian's Chromium driven by playwright-core (which downloads nothing). Without the
// background-networking flags Chromium's own connections are refused here and it stalls.
export const CHROMIUM = "/usr/bin/chromium";

/** The `skip` option of every browser test: without Chromium they are skipped, counted as such,
 *  with this one line saying what to install; under CI (CI=true) they run and fail instead, so
 *  a CI machine without the browser is never green by skipping. */
export const BROWSER_SKIP: string | false = fs.existsSync(CHROMIUM) || isCi()
  ? false
  : `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) to run the report's browser tests`;

function isCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false";
}

export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
