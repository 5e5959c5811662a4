import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Builds dist/ once before the suites: end-to-end tests run the real `sdkd` binary from it. Vitest
 * calls this for the root and for each project (vitest.config.ts), in turn, in one process: the
 * first call builds and marks the build done for the others.
 */
export default function setup(): void {
  if (process.env.SDKD_SKIP_BUILD) return
  const root = fileURLToPath(new URL('../../', import.meta.url))
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
  process.env.SDKD_SKIP_BUILD = '1'
}
