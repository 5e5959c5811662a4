import { genesisDocJson } from './cometbft-json.js'
import { internalError } from './errors.js'
import { goJsonStringify } from './go-json.js'
import type { RpcChain } from './rpc-chain.js'
import type { RpcRoutes } from './server.js'

/** CometBFT's genesis chunk size (`rpc/core/env.go`): 16 MiB of the genesis document's JSON. */
export const GENESIS_CHUNK_SIZE = 16 * 1024 * 1024

/**
 * `genesis` and `genesis_chunked` (`rpc/core/net.go`): the genesis document, whole or in 16 MiB
 * base64 chunks of its JSON (as CometBFT marshals it); `genesis` refuses a document of more than one
 * chunk.
 */
export function genesisRoutes(chain: Pick<RpcChain, 'genesis' | 'consensusParams'>): RpcRoutes {
  const doc = () => genesisDocJson(chain.genesis, chain.consensusParams)
  let chunks: string[] | undefined
  const chunksOf = (): string[] => {
    if (!chunks) {
      const data = Buffer.from(goJsonStringify(doc()), 'utf8')
      chunks = []
      for (let i = 0; i < data.length; i += GENESIS_CHUNK_SIZE)
        chunks.push(data.subarray(i, i + GENESIS_CHUNK_SIZE).toString('base64'))
    }
    return chunks
  }
  return {
    genesis: {
      args: [],
      handler: async () => {
        if (chunksOf().length > 1)
          throw internalError(
            'genesis response is large, please use the genesis_chunked API instead',
          )
        return { genesis: doc() }
      },
    },
    genesis_chunked: {
      args: ['chunk'],
      handler: async (args) => {
        const asked = args.bigint('chunk', 'uint') ?? 0n
        const all = chunksOf()
        if (all.length === 0)
          throw internalError('service configuration error, there are no chunks')
        if (asked > BigInt(all.length - 1))
          throw internalError(`there are ${all.length - 1} chunks, ${asked} is invalid`)
        const id = Number(asked)
        return { chunk: String(id), total: String(all.length), data: all[id]! }
      },
    },
  }
}
