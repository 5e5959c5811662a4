// Rewrites test/durations.json from the last full run's report (.tmp/vitest-report.json, written by
// `npm test`): each test file's seconds, slowest first. The suite's sequencer
// (test/helpers/file-order.ts) starts the files longest first from it, so a clean clone's run is not
// stretched by a slow file that starts late.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const reportPath = resolve(root, '.tmp/vitest-report.json')
let report
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8'))
} catch (err) {
  console.error(
    `cannot read ${relative(root, reportPath)} (run \`npm test\` first): ${err.message}`,
  )
  process.exit(1)
}
/**
 * A test file's path from the checkout's root, as the sequencer looks it up: the report may come
 * from another checkout of the same tree (a clean clone's CI run), so the key is the longest tail of
 * the path that names a file here under src/ or test/, never the path of the checkout it ran in.
 */
function fileKey(name) {
  const parts = name.split(/[\\/]/)
  for (let i = 0; i < parts.length; i++) {
    const key = parts.slice(i).join('/')
    if ((key.startsWith('src/') || key.startsWith('test/')) && existsSync(resolve(root, key)))
      return key
  }
  const here = relative(root, name)
  if (here.startsWith('..') || here.startsWith(sep)) {
    console.error(`${name}: not a test file of this checkout; run \`npm test\` here first`)
    process.exit(1)
  }
  return here.split(sep).join('/')
}
const rows = (report.testResults ?? [])
  .map((f) => [fileKey(f.name), Math.round((f.endTime - f.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
writeFileSync(
  resolve(root, 'test/durations.json'),
  `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`,
)
console.log(
  `test/durations.json: ${rows.length} files, ${rows.reduce((s, r) => s + r[1], 0).toFixed(0)} s in all`,
)
