import type { Bytes } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import { PROPOSAL_STATUS_NAMES } from '../../modules/gov/proposal.js'
import type { QueryRouter } from '../query/router.js'

/** The proposal statuses the metrics count (ProposalStatus 1–5). */
export const PROPOSAL_STATUSES = PROPOSAL_STATUS_NAMES.slice(1)

/** Facts of the latest state, read once per height at a scrape. */
export interface ChainFacts {
  height: number
  upgradeHeight: number | undefined
  proposals: Map<string, number> | undefined
}

/** Reads the plan and counts proposals by status at `height` (absent modules: undefined). */
export async function readChainFacts(router: QueryRouter, height: number): Promise<ChainFacts> {
  let upgradeHeight: number | undefined
  const planQuery = router.method('sdk.upgrade.v1beta1.Query/CurrentPlan')
  if (planQuery) {
    const { plan } = await router.run(planQuery, {}, height)
    upgradeHeight = Number(int64Of(plan?.height))
  }
  let proposals: Map<string, number> | undefined
  const proposalsQuery = router.method('sdk.gov.v1.Query/Proposals')
  if (proposalsQuery) {
    proposals = new Map(PROPOSAL_STATUSES.map((s) => [s, 0]))
    let key: Bytes | undefined
    do {
      const page = await router.run(
        proposalsQuery,
        { pagination: { limit: '1000', ...(key ? { key } : {}) } },
        height,
      )
      for (const p of page.proposals) {
        // ProposalStatus 1–5 (0 is unspecified and never stored).
        const status = PROPOSAL_STATUSES[p.status - 1]
        if (status) proposals.set(status, proposals.get(status)! + 1)
      }
      const next = page.pagination?.next_key
      key = next && next.length > 0 ? next : undefined
    } while (key)
  }
  return { height, upgradeHeight, proposals }
}
