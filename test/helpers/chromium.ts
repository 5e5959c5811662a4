import { execFileSync } from 'node:child_process'

/** Debian's chromium (or CHROMIUM_PATH); undefined when there is none. */
function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execFileSync('which', [name], { encoding: 'utf8' }).trim()
      if (path) return path
    } catch {
      // not on PATH
    }
  }
  return undefined
}

/**
 * The chromium a browser test drives, or undefined: then the test is skipped, and `what` is printed
 * with the reason.
 */
export function requireChromium(what: string): string | undefined {
  const path = findChromium()
  if (!path)
    console.warn(
      `${what}: skipped: no chromium on PATH (apt-get install chromium, or set CHROMIUM_PATH)`,
    )
  return path
}

/** The flags the browser tests launch chromium with (a container: no sandbox, GPU or /dev/shm). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
