import { queryEntry } from '../../app/handlers.js'
import type { RoutedQueryHandler } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import { decCoinsToString, parseDecCoins } from '../../codec/dec-coins.js'
import { type TimeNs, timeToTimestamp } from '../../codec/time.js'
import type { AppConfig } from '../../config/app-config.js'
import { GrpcCode, StatusError } from '../../errors.js'

const SERVICE = 'sdk.base.node.v1beta1.Service'

/** What a block's header says that `Status` reports. */
export interface StatusHeader {
  time: TimeNs
  appHash: Bytes
  nextValidatorsHash: Bytes
}

/** What `sdk.base.node.v1beta1.Service` reads of the node. */
export interface BaseNodeFacts {
  /** app.toml's settings as the node started with them (flags applied). */
  config: Pick<
    AppConfig,
    'minimumGasPrices' | 'pruningKeepRecent' | 'pruningInterval' | 'haltHeight'
  >
  /** The latest committed height. */
  latestHeight(): number
  /** The header of a committed height (undefined if no longer kept). */
  header(height: number): Promise<StatusHeader | undefined>
}

/**
 * `sdk.base.node.v1beta1.Service` as upstream's client/grpc/node: `Config` reports the operator's
 * settings (the minimum gas prices as parsed decimal coins, so zero prices are left out), `Status`
 * the height served with the time of its block, and the app hash and next validators' hash of the
 * latest block's header whatever the height (upstream reads them from the check state's header,
 * which only the height and, at a past height, the time are changed on). `earliest_store_height`
 * is never filled in, as upstream's.
 */
export function createBaseNodeHandlers(facts: BaseNodeFacts): Map<string, RoutedQueryHandler> {
  const { config } = facts
  const minimumGasPrice = decCoinsToString(parseDecCoins(config.minimumGasPrices))
  return new Map([
    queryEntry(`${SERVICE}/Config`, async () => ({
      minimum_gas_price: minimumGasPrice,
      pruning_keep_recent: String(config.pruningKeepRecent),
      pruning_interval: String(config.pruningInterval),
      halt_height: String(config.haltHeight),
    })),
    queryEntry(`${SERVICE}/Status`, async (_req, ctx) => {
      const height = ctx.height
      const latest = facts.latestHeight()
      const head = await facts.header(latest)
      if (!head) throw new StatusError(GrpcCode.Unavailable, 'no block has been committed yet')
      // At a past height, the time of that block (upstream: of its commit info; the latest
      // block's time where none is kept).
      const at = height === latest ? head : ((await facts.header(height)) ?? head)
      return {
        height: String(height),
        timestamp: timeToTimestamp(at.time),
        app_hash: head.appHash,
        validator_hash: head.nextValidatorsHash,
      }
    }),
  ])
}
