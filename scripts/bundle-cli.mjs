// Builds the CLI's bundles (src/cli/bundles.ts) from the compiled modules in dist/, each into one
// CommonJS file in dist/cli (with its source map, mapped back to the TypeScript sources) and V8's
// code cache of it:
//
// - the client bundle, dist/cli/client-bundle.cjs: `sdkd status` and `sdkd query …`;
// - the node bundle, dist/cli/node-bundle.cjs: `sdkd start` and `sdkd devnet`.
//
// Run by `npm run build` after scripts/build.mjs and copy-assets.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { build } from 'esbuild'

const { CLIENT_BUNDLE, NODE_BUNDLE, compileBundle, runBundle } = await import(
  '../dist/cli/bundles.js'
)

/**
 * Stands in for the command files program.js imports that a bundle leaves out: those whose name
 * `kept` does not match. The commands a bundle leaves out never run from it (main.js sends them to
 * the modules).
 */
function onlyCommands(kept) {
  return {
    name: 'only-commands',
    setup(b) {
      b.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
        if (!args.importer.endsWith('/cli/program.js') || args.kind !== 'dynamic-import')
          return undefined
        if (kept.test(args.path)) return undefined
        return { path: args.path, namespace: 'left-out' }
      })
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not in this bundle`)})`,
        loader: 'js',
      }))
    },
  }
}

/**
 * Bundles smol-toml too (its one-file CommonJS build, which toml.js loads through createRequire to
 * stay one module when unbundled): the bundle's code cache then holds the TOML parser.
 */
const bundledToml = {
  name: 'bundled-toml',
  setup(b) {
    b.onLoad({ filter: /[\\/]config[\\/]toml\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
      // Either quote: the build (scripts/build.mjs) writes the call with double quotes.
      const call = /createRequire\(import\.meta\.url\)\((["'])smol-toml\1\)/
      if (!call.test(text)) throw new Error(`${args.path} no longer loads smol-toml as expected`)
      return {
        contents: rewriteMetaUrl(text.replace(call, "require('smol-toml')"), args.path),
        loader: 'js',
        resolveDir: dirname(args.path),
      }
    })
  },
}

/**
 * Each module's `import.meta.url` stays its own file's URL in dist/ (computed from the bundle's, so
 * the build can move): the node's modules find workers, assets and packages beside them
 * (`new URL('./worker-main.js', import.meta.url)`).
 */
const ownMetaUrl = {
  name: 'own-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      return {
        contents: rewriteMetaUrl(text, args.path),
        loader: 'js',
        resolveDir: dirname(args.path),
      }
    })
  },
}

/** `import.meta.url` of module `path` as an expression over the bundle's own URL. */
function rewriteMetaUrl(text, path) {
  const rel = relative(resolve('dist/cli'), path)
  return text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, __bundleUrl).href`)
}

/** Bundles `entry` into `files.file` in dist/cli, then writes its code cache after its warm-up. */
async function bundle(entry, files, plugins) {
  const outfile = resolve('dist/cli', files.file)
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() becomes require(): V8 drops a script's dynamic-import host options when it is
    // compiled from a code cache.
    supported: { 'dynamic-import': false },
    // The bundle's own URL, from which each module's import.meta.url is made (ownMetaUrl).
    banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // A package's import.meta.url, if one reads it: the bundle's.
    define: { 'import.meta.url': '__bundleUrl' },
    // Native addons stay where they are installed (the modules load them through createRequire).
    external: ['sodium-native', 'classic-level', 'secp256k1'],
    plugins: [...plugins, bundledToml, ownMetaUrl],
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  })
  // The code cache of the bundle once its top level and the warm-up ran: what calls run, compiled.
  const script = compileBundle(outfile, readFileSync(outfile, 'utf8'))
  await runBundle(script, outfile).warmUp()
  writeFileSync(resolve('dist/cli', files.codeCache), script.createCachedData())
}

// The command files program.js imports for the bundle's commands; its other commands are left out.
await bundle('dist/cli/client-bundle-entry.js', CLIENT_BUNDLE, [
  onlyCommands(/^\.\/(status|query-[a-z-]+)\.js$/),
])
await bundle('dist/cli/node-bundle-entry.js', NODE_BUNDLE, [
  onlyCommands(/^\.\/(start|devnet)\.js$/),
])
