import { FieldReader } from './fields.js'

/** client.toml: defaults for the CLI's client commands. */
export interface ClientConfig {
  chainId: string
  keyringBackend: string
  output: string
  node: string
  broadcastMode: string
}

export function defaultClientConfig(chainId: string): ClientConfig {
  return {
    chainId,
    keyringBackend: 'test',
    output: 'text',
    node: 'tcp://localhost:26657',
    broadcastMode: 'sync',
  }
}

export function readClientConfig(file: string, data: Record<string, unknown>): ClientConfig {
  const r = new FieldReader(file, data)
  const d = defaultClientConfig('')
  return {
    chainId: r.string('chain-id', d.chainId),
    keyringBackend: r.string('keyring-backend', d.keyringBackend),
    output: r.string('output', d.output),
    node: r.string('node', d.node),
    broadcastMode: r.string('broadcast-mode', d.broadcastMode),
  }
}

const q = (s: string) => JSON.stringify(s)

export function renderClientToml(c: ClientConfig): string {
  return `# This is a TOML config file.
# For more information, see https://github.com/toml-lang/toml

###############################################################################
###                           Client Configuration                            ###
###############################################################################

# The network chain ID
chain-id = ${q(c.chainId)}
# The keyring's backend, where the keys are stored (sdkd supports test|file: <home>/keyring-test or
# <home>/keyring-file)
keyring-backend = ${q(c.keyringBackend)}
# CLI output format (text|json)
output = ${q(c.output)}
# <host>:<port> to CometBFT RPC interface for this chain
node = ${q(c.node)}
# Transaction broadcasting mode (sync|async)
broadcast-mode = ${q(c.broadcastMode)}
`
}
