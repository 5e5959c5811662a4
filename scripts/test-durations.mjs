// Rewrites test/durations.json from the last full run's report (.tmp/vitest-report.json, written by
// `npm test`): each test file's seconds, slowest first. The suite's sequencer
// (test/helpers/file-order.ts) starts the files longest first from it, so a clean clone's run is not
// stretched by a slow file that starts late.
import { readFileSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

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
const rows = (report.testResults ?? [])
  .map((f) => [relative(root, f.name), Math.round((f.endTime - f.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
writeFileSync(
  resolve(root, 'test/durations.json'),
  `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`,
)
console.log(
  `test/durations.json: ${rows.length} files, ${rows.reduce((s, r) => s + r[1], 0).toFixed(0)} s in all`,
)
