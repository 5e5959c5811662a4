import {
  SUPERVISOR_ENV,
  type SupervisedUpgrade,
  type SupervisorState,
} from '../server/rpc/dev-api.js'

/**
 * What `sdkd run` told this process in `$SDKD_SUPERVISOR` (its pid, which launch this is, the
 * upgrades it did), or undefined when the node runs on its own or the value is not what `sdkd run`
 * writes.
 */
export function supervisorState(env: NodeJS.ProcessEnv = process.env): SupervisorState | undefined {
  const text = env[SUPERVISOR_ENV]
  if (!text) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const v = value as Partial<SupervisorState>
  const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0
  if (!whole(v.pid) || !whole(v.launch) || !Array.isArray(v.upgrades)) return undefined
  const upgrades = v.upgrades.filter(
    (u): u is SupervisedUpgrade =>
      typeof u?.plan === 'string' &&
      whole(u.height) &&
      typeof u.from_app_version === 'string' &&
      typeof u.app_version === 'string',
  )
  return { pid: v.pid!, launch: v.launch!, upgrades }
}

/**
 * Calls `gone` once this process's parent is no longer `sdkd run` (`pid`): it was killed without
 * passing a stop on (`kill -9`). The app runs in a process group of its own, so nothing else would
 * stop it; a supervised node left alone would hold its home and ports, and halt at an upgrade no
 * one relaunches. Looks twice a second; the timer keeps nothing alive. Returns the stop of the watch.
 */
export function watchSupervisor(pid: number, gone: () => void, everyMs = 500): () => void {
  const timer = setInterval(() => {
    if (process.ppid === pid) return
    clearInterval(timer)
    gone()
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
