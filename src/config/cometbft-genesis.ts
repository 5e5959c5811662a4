import { join } from 'node:path'
import type { GenesisJson } from './genesis.js'
import type { HomePaths } from './paths.js'

/**
 * Where `sdkd start --consensus cometbft` writes the genesis CometBFT reads (beside the home's
 * genesis.json, which stays the SDK's AppGenesis layout).
 */
export function cometGenesisPath(paths: HomePaths): string {
  return join(paths.configDir, 'cometbft-genesis.json')
}

/**
 * The home's genesis in CometBFT's own layout. A stock `cometbft` cannot read the SDK v0.50
 * AppGenesis file (its numeric `initial_height` fails with `invalid 64-bit integer encoding "1",
 * expected string`; the SDK converts it in process): the same chain id, time, consensus params,
 * validators and app state, with `initial_height` as a string and the params and validators at the
 * top level. The bytes depend on genesis.json alone, so every node of a network writes the same.
 */
export function cometGenesisText(g: GenesisJson): string {
  const doc = {
    genesis_time: g.genesis_time,
    chain_id: g.chain_id,
    initial_height: String(g.initial_height),
    consensus_params: g.consensus.params,
    validators: g.consensus.validators,
    app_hash: g.app_hash ?? '',
    app_state: g.app_state,
  }
  return `${JSON.stringify(doc, null, 2)}\n`
}
