import { nodeTarget, readClientToml } from './client-context.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

// What the `sdkd dev …` commands share: the call to the node's dev API, and their arguments.

/** Calls a dev_ method of the node (`--node`, else client.toml's node) and returns its result. */
export async function devCall(
  globals: GlobalFlags,
  node: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const config = await readClientToml(globals.home)
  const { createNodeClient, NodeClientError } = await import('../client/node-client.js')
  try {
    return (await createNodeClient(nodeTarget(node, config)).call(method, params)) as Record<
      string,
      unknown
    >
  } catch (err) {
    // sdkd's own RPC always has the dev_* methods (a disabled dev API says so in the error's data);
    // a bare "Method not found" is CometBFT's RPC, whose blocks no dev call can make.
    if (
      err instanceof NodeClientError &&
      err.rpcCode === -32601 &&
      err.rpcText === 'Method not found'
    )
      throw new CliError(
        "the dev API is not available on this node: its blocks come from CometBFT (sdkd start --consensus cometbft), not from sdkd's simulated producer; use a devnet (sdkd devnet, or sdkd start without --consensus cometbft)",
      )
    // The dev API is sdkd's own: its refusals are printed in their own words.
    if (err instanceof NodeClientError && err.rpcText) throw new CliError(err.rpcText)
    throw err
  }
}

export const print = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`)

/**
 * An account address argument of a dev command; a name the keyring knows is refused with the
 * command that prints its address, as the tx commands do.
 */
export async function devAddress(g: GlobalFlags, text: string, what: string): Promise<string> {
  const { addressNotKeyName } = await import('./keys.js')
  try {
    return await addressNotKeyName(g, text, undefined, what)
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError(`${what} "${text}": ${(err as Error).message}`)
  }
}
