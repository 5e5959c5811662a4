import {
  type BlockTime,
  estimateHeight,
  formatHeightEstimate,
  type HeightEstimate,
} from '../modules/upgrade/timing.js'
import type { NodeClient } from './node-client.js'

/**
 * Estimates when the node reaches `height` from its recent blocks (for `query upgrade plan`): those
 * given, already asked for, else asked for now.
 */
export async function estimateTimeUntilHeight(
  client: NodeClient,
  height: number,
  recent: Promise<BlockTime[]> = client.recentBlockTimes(),
): Promise<{ estimate: HeightEstimate; text: string }> {
  const estimate = estimateHeight(height, await recent)
  return { estimate, text: formatHeightEstimate(height, estimate) }
}
