import {
  estimateHeight,
  formatHeightEstimate,
  type HeightEstimate,
} from '../modules/upgrade/timing.js'
import type { NodeClient } from './node-client.js'

/** Asks the node for its recent blocks and estimates when it reaches `height` (for `query upgrade plan`). */
export async function estimateTimeUntilHeight(
  client: NodeClient,
  height: number,
): Promise<{ estimate: HeightEstimate; text: string }> {
  const estimate = estimateHeight(height, await client.recentBlockTimes())
  return { estimate, text: formatHeightEstimate(height, estimate) }
}
