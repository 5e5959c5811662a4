import { GrpcCode, StatusError } from '../errors.js'

/** How many recent states pruning keeps, and every how many heights it runs (0, 0: keep everything). */
export interface PruningOptions {
  keepRecent: number
  interval: number
}

/** Upstream pruning options from the app.toml strategy (store/pruning/types/options.go). */
export function pruningOptions(
  strategy: string,
  keepRecent: number,
  interval: number,
): PruningOptions {
  switch (strategy.toLowerCase()) {
    case 'default':
      return { keepRecent: 362880, interval: 10 }
    case 'everything':
      return { keepRecent: 2, interval: 10 }
    case 'nothing':
      return { keepRecent: 0, interval: 0 }
    case 'custom': {
      const bad = (msg: string) =>
        new StatusError(GrpcCode.InvalidArgument, `invalid custom pruning options: ${msg}`)
      if (interval === 0) {
        throw bad(
          `'pruning-interval' must not be 0. If you want to disable pruning, select pruning = "nothing"`,
        )
      }
      if (interval < 10) {
        throw bad(
          `'pruning-interval' must not be less than 10. For the most aggressive pruning, select pruning = "everything"`,
        )
      }
      if (keepRecent < 2) {
        throw bad(
          `'pruning-keep-recent' must not be less than 2. For the most aggressive pruning, select pruning = "everything"`,
        )
      }
      return { keepRecent, interval }
    }
    default:
      throw new StatusError(GrpcCode.InvalidArgument, `unknown pruning strategy ${strategy}`)
  }
}
