import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'

/**
 * The CLI's bundles, each one CommonJS file with a V8 code cache beside it, both written by
 * `npm run build` (scripts/bundle-cli.mjs). A command run from a bundle loads one file, compiled
 * from the cache, instead of the ES and CommonJS modules it uses compiled one by one: Node 20
 * starts ES modules from no code cache.
 *
 * - The client bundle: `sdkd status` and `sdkd query …` (what a script or an operator runs most, and
 *   what only talks to a node), some eighty modules.
 * - The node bundle: `sdkd start` and `sdkd devnet`, some six hundred modules (the node, its
 *   servers, the store, every module of the chain); a restarted node answers sooner by the time
 *   loading them took.
 *
 * Every other command, and `sdkd --help`, runs the modules.
 */

/** A bundle's files, beside this file in dist/cli (the source map beside the bundle). */
export interface BundleFiles {
  readonly file: string
  readonly codeCache: string
}

/** The commands the client bundle holds: the first command word of argv. */
export const CLIENT_BUNDLE_COMMANDS: ReadonlySet<string> = new Set(['status', 'query', 'q'])

/** The commands the node bundle holds. */
export const NODE_BUNDLE_COMMANDS: ReadonlySet<string> = new Set(['start', 'devnet'])

export const CLIENT_BUNDLE: BundleFiles = {
  file: 'client-bundle.cjs',
  codeCache: 'client-bundle.code-cache',
}

export const NODE_BUNDLE: BundleFiles = {
  file: 'node-bundle.cjs',
  codeCache: 'node-bundle.code-cache',
}

/** What a bundle exports (client-bundle-entry.ts, node-bundle-entry.ts). */
export interface CliBundle {
  runCli(argv: readonly string[]): Promise<void>
  /** Runs offline what its calls run (the build, before it writes the code cache). */
  warmUp(): Promise<void>
  /** The node bundle: sets what loads `--upgrade-plugin` files (an `import()` outside it). */
  usePluginImporter?(importer: (url: string) => Promise<Record<string, unknown>>): void
}

/** A bundle's text wrapped as Node wraps a CommonJS module (the code cache is of this text). */
export function compileBundle(path: string, source: string, cachedData?: Buffer): Script {
  return new Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    cachedData ? { filename: path, cachedData } : { filename: path },
  )
}

/** Runs a compiled bundle's top level; returns its exports. */
export function runBundle(script: Script, path: string): CliBundle {
  const mod = { exports: {} as CliBundle }
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
 * A bundle, or undefined when this is not a build (running from the sources). With source maps on
 * (`--enable-source-maps`), Node's own loader loads it, so stack traces point into the sources;
 * otherwise it is compiled from its code cache (a cache V8 rejects, say from another Node, only
 * costs the compilation it would have saved).
 */
export function loadBundle(files: BundleFiles): CliBundle | undefined {
  const url = new URL(files.file, import.meta.url)
  if (url.protocol !== 'file:' || !existsSync(url)) return undefined
  const path = fileURLToPath(url)
  if (process.sourceMapsEnabled) return createRequire(path)(path) as CliBundle
  const cache = new URL(files.codeCache, import.meta.url)
  const cachedData = existsSync(cache) ? readFileSync(cache) : undefined
  return runBundle(compileBundle(path, readFileSync(path, 'utf8'), cachedData), path)
}

/** The bundle that runs command `word` (the first command word of argv), if it has one. */
export function bundleFor(word: string | undefined): CliBundle | undefined {
  if (word === undefined) return undefined
  if (CLIENT_BUNDLE_COMMANDS.has(word)) return loadBundle(CLIENT_BUNDLE)
  if (!NODE_BUNDLE_COMMANDS.has(word)) return undefined
  const bundle = loadBundle(NODE_BUNDLE)
  // Plugin files are ES modules: loaded by this module's import(), which the bundle cannot make.
  bundle?.usePluginImporter?.((url) => import(url))
  return bundle
}
