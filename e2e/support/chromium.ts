/**
 * Debian's system Chromium (installed by .ci/run), never a downloaded browser,
 * with the flags every run here needs: the machine's network is closed, so
 * Chromium's own background connections are switched off.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox', // CI runs as root
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
