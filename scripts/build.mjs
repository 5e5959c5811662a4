// Compiles src/ to dist/ as tsc would emit it, but with esbuild: each TypeScript module on its own
// (no bundling) into the same path under dist/, as an ES module with its linked source map. esbuild
// only strips the types, so a build takes about a second; checking them is `npm run typecheck`'s
// job (`npm test` runs it first). Test files (*.test.ts, *.case.ts) are not part of the build.
import { readdirSync } from 'node:fs'
import { build } from 'esbuild'

const entryPoints = readdirSync('src', { recursive: true })
  .filter((f) => f.endsWith('.ts') && !/\.(test|case|d)\.ts$/.test(f))
  .map((f) => `src/${f}`)

await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // tsconfig.json's settings that change the emitted code (class fields, kept imports) apply.
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
})
