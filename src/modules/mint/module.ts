import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { mintBeginBlocker } from './abci.js'
import {
  defaultMintGenesis,
  exportMintGenesis,
  initMintGenesis,
  parseMintGenesis,
} from './genesis.js'
import type { MintKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerMintMsgs } from './msg-server.js'
import { registerMintQueries } from './queries.js'

export interface MintModuleOptions {
  registry: ProtoRegistry
  keeper: MintKeeper
  /** Denom of the default params' minted coins (default `stake`). */
  mintDenom?: string
}

/**
 * x/mint: inflation that moves toward the goal bonded ratio, and each block's provision minted to
 * the fee collector (upstream v0.50, consensus version 2).
 */
export function createMintModule({
  registry,
  keeper,
  mintDenom = 'stake',
}: MintModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    defaultGenesis: () => defaultMintGenesis(mintDenom),
    registerServices: (cfg) => {
      registerMintQueries(cfg, keeper)
      registerMintMsgs(cfg, keeper)
    },
    validateGenesis(genesis) {
      parseMintGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initMintGenesis(ctx, keeper, parseMintGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportMintGenesis(state, keeper),
    beginBlock: (ctx: BlockContext) => mintBeginBlocker(ctx, keeper),
  }
}
