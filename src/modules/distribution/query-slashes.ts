import { paginate } from '../../app/pagination.js'
import { invalidArgument, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import { lengthPrefixedBytesKey } from '../../store/collections.js'
import { valoperPrefix } from '../staking/keys.js'
import { distributionCollections, MODULE_NAME } from './keys.js'

const SERVICE = 'sdk.distribution.v1beta1.Query'

/**
 * Query/ValidatorSlashes as upstream v0.50 answers it. Upstream's filter compares each event's
 * `validator_period` (not its height) with the requested heights, so a request without bounds
 * (both 0) lists nothing; sdkd keeps that, as clients of upstream see it.
 */
export function registerSlashQueries(cfg: ModuleConfigurator): void {
  cfg.registerQuery(`${SERVICE}/ValidatorSlashes`, async (req, ctx) => {
    if (req.validator_address === '') throw invalidArgument('empty validator address')
    const starting = int64Of(req.starting_height)
    const ending = int64Of(req.ending_height)
    if (ending < starting) {
      throw invalidArgument(`starting height greater than ending height (${starting} > ${ending})`)
    }
    let operator: Bytes
    try {
      operator = bech32ToAddress(req.validator_address, valoperPrefix())
    } catch (err) {
      throw invalidArgument('invalid validator address', err)
    }
    // Upstream's GenericFilteredPaginate over the operator's slash events (0x08 ‖ len ‖ operator).
    const { slashEvents } = distributionCollections(ctx.registry)
    const { entries, pagination } = await paginate(
      slashEvents,
      ctx.state.store(MODULE_NAME),
      req.pagination,
      {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(operator),
        filter: (_key, event) => {
          const period = int64Of(event.validator_period)
          return period >= starting && period <= ending
        },
      },
    ).catch(pageRequestError())
    return { slashes: entries.map(([, event]) => event), pagination }
  })
}
