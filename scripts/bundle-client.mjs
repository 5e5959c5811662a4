// Builds the client bundle (src/cli/client-bundle.ts): `sdkd status` and `sdkd query …` from the
// compiled modules in dist/ into one CommonJS file, dist/cli/client-bundle.cjs (with its source
// map, mapped back to the TypeScript sources), and V8's code cache of it. Run by `npm run build`
// after scripts/build.mjs and copy-assets.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { build } from 'esbuild'

const { CLIENT_BUNDLE, compileClientBundle, runClientBundle } = await import(
  '../dist/cli/client-bundle.js'
)

const outfile = resolve('dist/cli', CLIENT_BUNDLE.file)

// The command files program.js imports for CLIENT_BUNDLE_COMMANDS; its other commands never run
// from the bundle (main.js sends them to the modules), so they are left out.
const CLIENT_COMMAND_FILE = /^\.\/(status|query-[a-z-]+)\.js$/

/** Stands in for the command files program.js imports that the bundle leaves out. */
const onlyClientCommands = {
  name: 'only-client-commands',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
      if (!args.importer.endsWith('/cli/program.js') || args.kind !== 'dynamic-import')
        return undefined
      if (CLIENT_COMMAND_FILE.test(args.path)) return undefined
      return { path: args.path, namespace: 'left-out' }
    })
    b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in the client bundle`)})`,
      loader: 'js',
    }))
  },
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
        contents: text.replace(call, "require('smol-toml')"),
        loader: 'js',
        resolveDir: dirname(args.path),
      }
    })
  },
}

await build({
  entryPoints: ['dist/cli/client-bundle-entry.js'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // import() becomes require(): V8 drops a script's dynamic-import host options when it is
  // compiled from a code cache.
  supported: { 'dynamic-import': false },
  // import.meta.url is the bundle's own URL: it sits in dist/cli as the modules do, so the paths
  // they resolve from it (../proto/, packages through createRequire) stay the same.
  banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  // Native addons stay where they are installed (the client path loads them through createRequire).
  external: ['sodium-native', 'classic-level', 'secp256k1'],
  plugins: [onlyClientCommands, bundledToml],
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
})

// The code cache of the bundle once its top level and the warm-up ran: what calls run, compiled.
const script = compileClientBundle(outfile, readFileSync(outfile, 'utf8'))
await runClientBundle(script, outfile).warmUp()
writeFileSync(resolve('dist/cli', CLIENT_BUNDLE.codeCache), script.createCachedData())
