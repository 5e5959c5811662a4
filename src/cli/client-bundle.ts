import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'

/**
 * The client bundle: `sdkd status` and `sdkd query …` (what a script or an operator runs most, and
 * what only talks to a node) built into one CommonJS file, with a V8 code cache beside it, both
 * written by `npm run build` (scripts/bundle-client.mjs). A call then loads one file, compiled
 * from the cache, instead of some eighty ES and CommonJS modules compiled one by one: Node 20
 * starts ES modules from no code cache. Every other command, and `sdkd --help`, runs the modules.
 */

/** The commands the bundle holds: the first command word of argv. */
export const CLIENT_BUNDLE_COMMANDS: ReadonlySet<string> = new Set(['status', 'query', 'q'])

/** The bundle and its code cache (beside this file in dist/cli; the source map beside the bundle). */
export const CLIENT_BUNDLE = {
  file: 'client-bundle.cjs',
  codeCache: 'client-bundle.code-cache',
} as const

/** What the bundle exports (client-bundle-entry.ts). */
export interface ClientBundle {
  runCli(argv: readonly string[]): Promise<void>
  /** Runs offline what client calls run (the build, before it writes the code cache). */
  warmUp(): Promise<void>
}

/** The bundle's text wrapped as Node wraps a CommonJS module (the code cache is of this text). */
export function compileClientBundle(path: string, source: string, cachedData?: Buffer): Script {
  return new Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    cachedData ? { filename: path, cachedData } : { filename: path },
  )
}

/** Runs a compiled bundle's top level; returns its exports. */
export function runClientBundle(script: Script, path: string): ClientBundle {
  const mod = { exports: {} as ClientBundle }
  const wrapper = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: object,
    filename: string,
    dirname: string,
  ) => void
  wrapper(mod.exports, createRequire(path), mod, path, dirname(path))
  return mod.exports
}

/**
 * The client bundle, or undefined when this is not a build (running from the sources). With
 * source maps on (`--enable-source-maps`), Node's own loader loads it, so stack traces point into
 * the sources; otherwise it is compiled from its code cache (a cache V8 rejects, say from another
 * Node, only costs the compilation it would have saved).
 */
export function loadClientBundle(): ClientBundle | undefined {
  const url = new URL(CLIENT_BUNDLE.file, import.meta.url)
  if (url.protocol !== 'file:' || !existsSync(url)) return undefined
  const path = fileURLToPath(url)
  if (process.sourceMapsEnabled) return createRequire(path)(path) as ClientBundle
  const cache = new URL(CLIENT_BUNDLE.codeCache, import.meta.url)
  const cachedData = existsSync(cache) ? readFileSync(cache) : undefined
  return runClientBundle(compileClientBundle(path, readFileSync(path, 'utf8'), cachedData), path)
}
