import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The upstream tools `scripts/install-tools.sh` installs into `.tools/` (cosmovisor, grpcurl,
 * cometbft, abci-cli from the Go module proxy; schemathesis from PyPI): where each is, at which version, or
 * why it is missing. A test that needs a missing tool is skipped, and `skipReason` is what it
 * prints.
 */

export type UpstreamToolName = 'cosmovisor' | 'grpcurl' | 'cometbft' | 'abci-cli' | 'schemathesis'

export interface UpstreamTool {
  name: UpstreamToolName
  /** The executable, when installed. */
  path?: string
  /** The pinned version it was installed at. */
  version?: string
  /** Why the tests that need it are skipped, when it is not installed. */
  skipReason?: string
}

const TOOLS = fileURLToPath(new URL('../../.tools/', import.meta.url))

const EXECUTABLES: Record<UpstreamToolName, string> = {
  cosmovisor: 'bin/cosmovisor',
  grpcurl: 'bin/grpcurl',
  cometbft: 'bin/cometbft',
  'abci-cli': 'bin/abci-cli',
  schemathesis: 'venv/bin/schemathesis',
}

/** The tool as the install script left it (its `.tools/status/<name>` line and executable). */
export function upstreamTool(name: UpstreamToolName): UpstreamTool {
  const path = `${TOOLS}${EXECUTABLES[name]}`
  let status: string
  try {
    status = readFileSync(`${TOOLS}status/${name}`, 'utf8').trim()
  } catch {
    return {
      name,
      skipReason: `${name} is not installed: run scripts/install-tools.sh (docs/development.md, "Upstream tools")`,
    }
  }
  const ok = /^ok (\S+)$/.exec(status)
  if (!ok) return { name, skipReason: `${name} is missing: ${status.replace(/^missing /, '')}` }
  if (!existsSync(path)) {
    return {
      name,
      skipReason: `${name} ${ok[1]} was installed but ${path} is gone: run scripts/install-tools.sh`,
    }
  }
  return { name, path, version: ok[1]! }
}

/** The tool, after printing why the tests that need it are skipped when it is missing. */
export function requireUpstreamTool(name: UpstreamToolName, what: string): UpstreamTool {
  const tool = upstreamTool(name)
  if (tool.skipReason) console.warn(`${what}: skipped: ${tool.skipReason}`)
  return tool
}
