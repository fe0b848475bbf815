// The headless Chromium the e2e scripts drive: the machine's (or $CHROMIUM), without the
// sandbox, the GPU or background network traffic.
import { chromium } from 'playwright-core';

export const launch = () => chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
