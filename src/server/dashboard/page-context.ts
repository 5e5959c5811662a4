import type { BlockSummaries, DashboardChain } from './chain-data.js'
import type { View } from './layout.js'

/** What a page renders from: the node's data and the height it shows. */
export interface PageContext {
  chain: DashboardChain
  summaries: BlockSummaries
  view: View
}

/** Fragments of a live page by element id: rendered for the page and again after each block. */
export type Fragments = Record<string, string>
