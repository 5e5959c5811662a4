import { afterAll, afterEach } from 'vitest'

/** Cleanups of a test file: `push` one, and they run last-first (a node before its temp dir). */
export interface Cleanups {
  push(fn: () => unknown): void
}

function registry(hook: (fn: () => Promise<void>) => void): Cleanups {
  const fns: (() => unknown)[] = []
  hook(async () => {
    while (fns.length > 0) await fns.pop()!()
  })
  return { push: (fn) => void fns.push(fn) }
}

/** Cleanups that run after each test of the file. */
export function cleanupAfterEach(): Cleanups {
  return registry(afterEach)
}

/** Cleanups that run once, after the last test of the file. */
export function cleanupAfterAll(): Cleanups {
  return registry(afterAll)
}
