import type { ProtoMessage } from './proto.js'

/**
 * Upstream ParseABCILogs: a raw log that holds JSON message logs (SDK ≤ v0.47) as `logs`; any other
 * raw log (v0.50's plain text, an error) gives none.
 */
export function parseAbciLogs(rawLog: string): ProtoMessage[] {
  if (!rawLog.startsWith('[')) return []
  try {
    const parsed = JSON.parse(rawLog) as unknown
    return Array.isArray(parsed) ? (parsed as ProtoMessage[]) : []
  } catch {
    return []
  }
}
